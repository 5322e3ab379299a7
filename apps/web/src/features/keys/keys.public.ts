// The keys feature's public face: what other console features may use of it (the lint walls allow nothing else).
export { useEnrollmentKeys } from './api/get-enrollment-keys.ts';
export { CreateKeyDialog } from './components/create-key-dialog.tsx';
