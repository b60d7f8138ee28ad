import { z } from 'zod';

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
