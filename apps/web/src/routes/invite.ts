import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { searchText } from './search-params.ts';
import { publicRoute } from './public.ts';

const inviteSearchSchema = z.object({
  email: searchText,
  invite_code: searchText,
});

export const inviteRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'invite',
  validateSearch: inviteSearchSchema,
  component: lazyRouteComponent(() => import('@/features/auth/invite-page.tsx'), 'InvitePage'),
});
