export * from './model.ts';
export * from './flow-rules.ts';
export { AccessModel } from './access-model.ts';
export { diffAccess, type ReachListener } from './access-diff.ts';
export { brokenAssertions } from './assertions.ts';
