// The nodes feature's public face: what other console features may use of it (the lint walls allow nothing else).
export { NodeActionsMenu } from './components/node-actions-menu.tsx';
export { NodeTagsCard } from './components/node-tags-card.tsx';
export { useNodeWrites } from './components/node-writes.ts';
