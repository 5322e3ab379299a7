import { Outlet } from '@tanstack/react-router';

/**
 * Frame of every signed-in page. It only renders the page for now; the application shell (sidebar,
 * banners, health overlay) moves in here without touching the routes below it.
 */
export function ProtectedLayout() {
  return <Outlet />;
}
