import { createRoute } from '@tanstack/react-router';
import { searchObject, searchText } from '@/lib/search-fields.ts';
import { publicRoute } from './public.ts';
import { lazyPage } from './lazy-page.ts';

const inviteSearchSchema = searchObject({
  email: searchText,
  invite_code: searchText,
});

export const inviteRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'invite',
  validateSearch: inviteSearchSchema,
  component: lazyPage(() => import('@/features/auth/invite-page.tsx'), 'InvitePage', ['people']),
});
