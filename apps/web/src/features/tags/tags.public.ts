// The tags feature's public face: what other console features may use of it (the lint walls allow nothing else).
export { isAutomaticTag, previewTag, tagMembersWith, useUpdateTag } from './api/tag-members.ts';
