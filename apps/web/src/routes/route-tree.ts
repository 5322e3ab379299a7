import { dashboardRoute } from './dashboard.ts';
import { indexRoute } from './home.ts';
import { inviteRoute } from './invite.ts';
import { loginRoute } from './login.ts';
import { networkHostRoute, networkIndexRoute, networkRoute, networkSectionRoutes } from './network.ts';
import { notFoundRoute } from './not-found.ts';
import { pageRoutes } from './pages.ts';
import { protectedRoute } from './protected.ts';
import { publicRoute } from './public.ts';
import { rootRoute } from './root.tsx';
import { signupRoute } from './signup.ts';
import { startupRoute } from './startup.ts';

/** The whole route table of spec §2, code-based: public pages and the signed-in group under one root. */
export const routeTree = rootRoute.addChildren([
  publicRoute.addChildren([loginRoute, signupRoute, notFoundRoute, startupRoute, inviteRoute]),
  protectedRoute.addChildren([
    indexRoute,
    dashboardRoute,
    ...pageRoutes,
    networkRoute.addChildren([networkIndexRoute, ...networkSectionRoutes, networkHostRoute]),
  ]),
]);
