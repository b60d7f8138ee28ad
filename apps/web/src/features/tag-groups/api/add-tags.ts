import { api, type TagReport } from '@parley/contract';
import { call } from '@/lib/api-client';
import type { CheckInput } from './tag-group-query-keys';

export type GroupTagsInput = { id: string; tags: string[] };

/** POST /tag/tag-group/:id/add-tag: the tags join the group's condition (its members change). */
export const addGroupTags = ({ id, tags, callForCheck }: GroupTagsInput & CheckInput): Promise<TagReport> =>
  call(api.tags.addTags, { params: { id }, body: { tags, callForCheck } });
