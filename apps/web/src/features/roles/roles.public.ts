// The roles feature's public face: what other console features may use of it (the lint walls allow nothing else).
export { NetworkRolesField } from './components/network-roles-field.tsx';
export { platformRoleLabel } from './components/platform-role-label.ts';
