/** What other modules may use of the activity log: the rule table's names, for documentation and tests. */
export { targetRules, unloggedWrites } from './activity-targets.ts';
export type { ActivityService, ServerEntry } from './activity.service.ts';
