import { api, type ContactFilter, type TagReport } from '@parley/contract';
import { call } from '@/lib/api-client';

/** The contacts chosen, or (the list's "all matching") every one its filter matches. */
export type EditTagsInput = ({ contactIds: string[] } | { filter: ContactFilter }) & {
  addedTags: string[];
  removedTags: string[];
};

/**
 * PATCH /tag/edit: add and remove contacts' tags by hand; the groups they join invite them to the
 * linked running campaigns. Answers the tag report (what it did, or with `callForCheck` would do).
 * Sent through the tag flow (`useTagCheckAndSend`), which checks first.
 */
export const editContactTags = (input: EditTagsInput & { callForCheck: boolean }): Promise<TagReport> =>
  call(api.tags.edit, { body: input });
