// What other modules may import from the routing module (modules/README.md): the route-claim checks that egress
// ranges and remote-access clients' extra ranges share (decision 047), built once in app.ts.
export { RouteClaims, type HostEndpoints } from './route-claims.ts';
