// The acls feature's notice for pages whose network denies by default, on its own so a list page's first screen
// does not load the access queries and impact review that access-control.public.ts offers.
export { DenyNoticeSlot } from './components/deny-notice-slot.tsx';
