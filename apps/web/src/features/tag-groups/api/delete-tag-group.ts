import { api, type TagReport } from '@parley/contract';
import { call } from '@/lib/api-client';
import type { CheckInput } from './tag-group-query-keys';

export type DeleteTagGroupInput = { id: string; title: string };

/** DELETE /tag/tag-group/:id: the group goes; contacts keep their tags and invitations stay. */
export const deleteTagGroup = ({ id, callForCheck }: DeleteTagGroupInput & CheckInput): Promise<TagReport> =>
  call(api.tags.remove, { params: { id }, body: { callForCheck } });
