import { z } from 'zod';
import { limits } from './limits.js';

/** Limits of the tags (D24 where it speaks; docs/product-decisions.md, "Tags and tag groups"). */
export const tagLimits = {
  /** A tag's length. */
  tagMax: 50,
  /** Tags one call adds or removes, one group holds, one campaign holds. */
  tagsPerCall: 50,
  /** Tags one option gives. */
  tagsPerOption: 20,
  /** Contacts one `PATCH /tag/edit` tags or untags. */
  contactsPerEdit: 10_000,
  /** Campaigns or groups one link call names. */
  linksPerCall: 50,
  titleMax: limits.nameMax,
  descriptionMax: 1000,
  /** `GET tag/search`'s default and largest page. */
  searchLimit: 100,
} as const;

/**
 * A tag (D17): trimmed, 1–50 characters, compared case-insensitively, so it is kept lowercased
 * (docs/product-decisions.md, "Tags and tag groups").
 */
export const tagSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(tagLimits.tagMax, `must be at most ${tagLimits.tagMax} characters`)
  .transform((v) => v.toLowerCase());
export const tagsSchema = z
  .array(tagSchema)
  .max(tagLimits.tagsPerOption, `at most ${tagLimits.tagsPerOption} tags`);

/** D17: a tag group's members have all (`and`) or any (`or`) of its tags. */
export const tagConditionSchema = z.enum(['and', 'or']);
export type TagCondition = z.infer<typeof tagConditionSchema>;

/** A tag as it is kept and compared (D17): trimmed and lowercased. */
export const normalizeTag = (tag: string) => tag.trim().toLowerCase();

/**
 * Whether a contact with `contactTags` is a member of a group (D17). A group without tags has no
 * members. The server's SQL and its previews ask the same question (`tags @> group` for `and`,
 * `tags && group` for `or`).
 */
export const isSegmentMember = (
  group: { condition: TagCondition; tags: readonly string[] },
  /** A set when one contact is tested against many groups (built once). */
  contactTags: readonly string[] | ReadonlySet<string>,
) => {
  if (group.tags.length === 0) return false;
  const has = contactTags instanceof Set ? contactTags : new Set(contactTags);
  return group.condition === 'and' ? group.tags.every((t) => has.has(t)) : group.tags.some((t) => has.has(t));
};
