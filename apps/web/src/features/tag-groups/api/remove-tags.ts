import { api, type TagReport } from '@parley/contract';
import { call } from '@/lib/api-client';
import type { GroupTagsInput } from './add-tags';
import type { CheckInput } from './tag-group-query-keys';

/** DELETE /tag/tag-group/:id/remove-tag: the tags leave the group's condition (its members change). */
export const removeGroupTags = ({
  id,
  tags,
  callForCheck,
}: GroupTagsInput & CheckInput): Promise<TagReport> =>
  call(api.tags.removeTags, { params: { id }, body: { tags, callForCheck } });
