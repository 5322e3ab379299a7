import { z } from 'zod';
import { LIMITS, boundedArray, boundedString } from './limits.ts';
import { apiNodeSchema } from './nodes.ts';

/** Tags (api-contract §2.14, §3.8): records per network; membership is the `tags` set of nodes and clients. */

/** The contract's tag-name rule (§5.7): at least 3 characters of letters, digits, dashes and spaces. */
export const TAG_NAME_PATTERN = /^[a-zA-Z0-9- ]+$/;
export const TAG_NAME_MAX = 64;

const tagNameSchema = (field: string) =>
  boundedString(field, TAG_NAME_MAX)
    .min(3, `${field} must be at least 3 characters`)
    .regex(TAG_NAME_PATTERN, `${field} may hold only letters, digits, dashes and spaces`);

/** The id of a tag: `<network>.<tag_name>`. */
export const tagId = (network: string, name: string): string => `${network}.${name}`;
/** The automatic tag gateway nodes carry (§3.8). */
export const gatewaysTagId = (network: string): string => `${network}.gateways`;

export const tagSchema = z.object({
  id: z.string(),
  tag_name: z.string(),
  network: z.string(),
  color_code: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** `TagListResp`: a tag, how many policies use it, and its members as full node objects. */
export const tagListItemSchema = tagSchema.extend({
  used_by_count: z.number().int(),
  tagged_nodes: z.array(apiNodeSchema),
});
export type TagListItem = z.infer<typeof tagListItemSchema>;

/** A member as the dashboard sends it: a whole node (or client) object, of which the id is read. */
const taggedMemberSchema = z.looseObject({
  id: boundedString('tagged_nodes.id', LIMITS.id).min(1, 'tagged_nodes.id must not be empty'),
});
const membersSchema = boundedArray('tagged_nodes', taggedMemberSchema, 10_000).nullish();
/** A tag's colour: `#rrggbb` (stored lower-case, as branding colours are), or '' for none. */
export const TAG_COLOR_PATTERN = /^(#[0-9a-fA-F]{6})?$/;
const colorSchema = boundedString('color_code', 32)
  .regex(TAG_COLOR_PATTERN, 'color_code must be a colour as #rrggbb (or empty for none)')
  .transform((value) => value.toLowerCase())
  .nullish();

/** POST /api/v1/tags. */
export const createTagInputSchema = z.looseObject({
  tag_name: tagNameSchema('tag_name'),
  network: boundedString('network', LIMITS.id).min(1, 'network is required'),
  tagged_nodes: membersSchema,
  color_code: colorSchema,
});
export type CreateTagInput = z.infer<typeof createTagInputSchema>;

/**
 * PUT /api/v1/tags: the tag's id, the whole new membership, and a rename in `new_name` (or `newname`, which is
 * how the v0.30 dashboard's `newName` arrives once keys are lower-cased; the reference ignores it).
 */
export const updateTagInputSchema = z.looseObject({
  id: boundedString('id', 200).min(1, 'id is required'),
  tag_name: boundedString('tag_name', TAG_NAME_MAX).nullish(),
  network: boundedString('network', LIMITS.id).nullish(),
  new_name: tagNameSchema('new_name').nullish(),
  newname: tagNameSchema('newName').nullish(),
  tagged_nodes: membersSchema,
  color_code: colorSchema,
});
export type UpdateTagInput = z.infer<typeof updateTagInputSchema>;

export const tagQuerySchema = z.object({
  network: boundedString('network', LIMITS.id).min(1, 'network is required'),
});
export const tagIdQuerySchema = z.looseObject({
  tag_id: boundedString('tag_id', 200).min(1, 'tag_id is required'),
});
