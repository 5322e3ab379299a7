import { createRoute } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layout/public-layout.tsx';
import { rootRoute } from './root.tsx';

/** Pathless group of the pages outside the main layout (spec §2: startup, login, invite, not found). */
export const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_public',
  component: PublicLayout,
});
