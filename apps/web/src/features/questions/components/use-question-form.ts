import type { Campaign, Question, QuestionType } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { uploadCampaignImage } from '@/lib/upload-image';
import { useCreateQuestion } from '../api/create-question';
import { useReplaceQuestion } from '../api/replace-question';
import { useUpdateQuestion } from '../api/update-question';
import {
  checkDraft,
  draftToInput,
  emptyDraft,
  hasProblems,
  moveItem,
  newOptionKey,
  pathRuleBlock,
  type QuestionDraft,
  questionToDraft,
} from '../lib/question-rules';

export type QuestionFormMode =
  | { kind: 'create' }
  | { kind: 'edit'; question: Question }
  | { kind: 'replace'; question: Question };

/**
 * The question screen's form logic: the draft, its checks (shown once the owner tries to save),
 * option editing and ordering, which path rules are allowed, and the create/update/replace call.
 */
export const useQuestionForm = ({
  campaign,
  mode,
  onSaved,
}: {
  campaign: Campaign;
  mode: QuestionFormMode;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const [initialDraft] = useState<QuestionDraft>(() =>
    mode.kind === 'edit' ? questionToDraft(mode.question) : emptyDraft(),
  );
  const [draft, setDraft] = useState<QuestionDraft>(initialDraft);
  const [showProblems, setShowProblems] = useState(false);
  const create = useCreateQuestion();
  const update = useUpdateQuestion();
  const replace = useReplaceQuestion();

  const problems = checkDraft(draft);
  const rulesBlock = pathRuleBlock(campaign, draft);
  // D12: after the first start a question keeps its type; a replacement is a new question.
  const typeLocked = mode.kind === 'edit' && campaign.hasStarted;

  const patch = (changes: Partial<QuestionDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const setType = (type: QuestionType) =>
    setDraft((d) => ({
      ...d,
      type,
      options:
        type !== 'FreeText' && d.options.length === 0
          ? [
              { key: newOptionKey(), text: '', tags: [] },
              { key: newOptionKey(), text: '', tags: [] },
            ]
          : d.options,
    }));
  const setOption = (key: string, changes: { text?: string; tags?: string[] }) =>
    setDraft((d) => ({ ...d, options: d.options.map((o) => (o.key === key ? { ...o, ...changes } : o)) }));
  const addOption = () =>
    setDraft((d) => ({ ...d, options: [...d.options, { key: newOptionKey(), text: '', tags: [] }] }));
  const removeOption = (key: string) =>
    setDraft((d) => {
      const { [key]: _removed, ...rules } = d.rules;
      return { ...d, options: d.options.filter((o) => o.key !== key), rules };
    });
  const moveOption = (from: number, to: number) =>
    setDraft((d) => ({ ...d, options: moveItem(d.options, from, to) }));
  const setRule = (key: string, target: string | null) =>
    setDraft((d) => {
      const rules = { ...d.rules };
      if (target) rules[key] = target;
      else delete rules[key];
      return { ...d, rules };
    });

  const onError = (error: unknown) => {
    const stale = isApiError(error) && error.code === 'conflict/stale';
    notifyError({
      title: t('questions.failedTitle'),
      message: stale ? t('questions.staleText') : apiErrorMessage(error),
    });
    if (stale) onSaved();
  };

  const submit = () => {
    setShowProblems(true);
    if (hasProblems(problems)) return;
    const body = draftToInput(draft, rulesBlock === null);
    const options = { onSuccess: onSaved, onError };
    if (mode.kind === 'create') create.mutate({ campaignId: campaign._id, body }, options);
    else if (mode.kind === 'replace')
      replace.mutate({ campaignId: campaign._id, questionId: mode.question._id, body }, options);
    else
      update.mutate(
        {
          campaignId: campaign._id,
          questionId: mode.question._id,
          body: { ...body, updatedAt: mode.question.updatedAt },
        },
        options,
      );
  };

  const upload = (png: Blob, onProgress: (fraction: number) => void) =>
    uploadCampaignImage(campaign._id, png, onProgress);

  return {
    /** Whether anything was changed since the dialog opened (every change makes a new draft). */
    dirty: draft !== initialDraft,
    draft,
    problems: showProblems ? problems : { option: {} },
    rulesBlock,
    typeLocked,
    patch,
    setType,
    setOption,
    addOption,
    removeOption,
    moveOption,
    setRule,
    submit,
    upload,
    saving: create.isPending || update.isPending || replace.isPending,
  };
};
