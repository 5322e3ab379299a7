// The dashboard feature's public face: what other console features may use of it (the lint walls allow nothing else).
export { useMeshHealth } from './api/get-mesh-health.ts';
