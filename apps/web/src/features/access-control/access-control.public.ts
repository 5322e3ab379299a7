// The acls feature's public face: what other console features may use of it (the lint walls allow nothing else).
export { accessKeys, useAcls, useTags } from './api/access-queries.ts';
export { ImpactPanel } from './components/impact-panel.tsx';
export { useImpactReview } from './components/use-impact-review.ts';
