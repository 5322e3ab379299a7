// The routing feature's public face: what other console features may use of it (the lint walls allow nothing else).
export {
  NO_ROLES,
  rolesOfRow,
  rolesOfView,
  type RoutingRoles,
  useIsProServer,
} from './components/routing-roles.ts';
