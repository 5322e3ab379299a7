import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { publicRoute } from './public.ts';

const inviteSearchSchema = z.object({
  email: z.string().optional().catch(undefined),
  invite_code: z.string().optional().catch(undefined),
});

export const inviteRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'invite',
  validateSearch: inviteSearchSchema,
  component: lazyRouteComponent(() => import('@/features/auth/invite-page.tsx'), 'InvitePage'),
});
