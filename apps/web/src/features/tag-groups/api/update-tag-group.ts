import { api, type TagCondition, type TagReport } from '@parley/contract';
import { call } from '@/lib/api-client';
import type { CheckInput } from './tag-group-query-keys';

export type UpdateTagGroupInput = {
  id: string;
  title?: string;
  description?: string;
  condition?: TagCondition;
  /** The group as it was read: a change since is refused (stale). */
  updatedAt?: string;
};

/**
 * PATCH /tag/tag-group/:id: a new title, description or condition. A new condition changes who is a
 * member, and a linked group invites those who join: the console checks it first.
 */
export const updateTagGroup = ({
  id,
  callForCheck,
  ...body
}: UpdateTagGroupInput & CheckInput): Promise<TagReport> =>
  call(api.tags.update, { params: { id }, body: { ...body, callForCheck } });
