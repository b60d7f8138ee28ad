import { ActionIcon, Button, Group, Modal, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { type Question, type QuestionOption, type TagReport, tagLimits } from '@parley/contract';
import { IconListCheck, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckedFor } from '@/components/check-and-send';
import { TagPicker } from '@/components/tag-picker';
import { TagReportView, tagReportSummary } from '@/components/tag-report';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { tagErrorMessage } from '@/lib/tags';
import { useSetOptionTags, useSimulateOptionTags } from '../api/set-option-tags';

type OptionTagsDialogProps = {
  question: Pick<Question, '_id' | 'campaignId'>;
  option: QuestionOption;
  /** The campaign's answers so far: with any, the tags can also go to those who picked it already. */
  answerCount: number;
  disabled: boolean;
  /** Once saved: the questions (and the campaign) are read again. */
  onSaved: () => void;
};

/**
 * One option's tags without opening the whole question (POST …/option/:oid). When the campaign
 * has answers, the tags can also go to those who picked the option already: the simulate call
 * first says what that would do (contacts tagged, groups joined, invitations), then "Save tags".
 */
export const OptionTagsDialog = ({
  question,
  option,
  answerCount,
  disabled,
  onSaved,
}: OptionTagsDialogProps) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="sm"
        onClick={() => setOpened(true)}
        disabled={disabled}
        aria-label={t('questions.actions.editTags', { option: option.text })}
      >
        <IconTags size={14} aria-hidden />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('questions.fields.optionTagsFor', { option: option.text })}
      >
        {/* Mounted while open only, so every opening starts from the option's tags. */}
        <OptionTagsForm
          question={question}
          option={option}
          answerCount={answerCount}
          onClose={() => setOpened(false)}
          onSaved={onSaved}
        />
      </Modal>
    </>
  );
};

const OptionTagsForm = ({
  question,
  option,
  answerCount,
  onClose,
  onSaved,
}: Omit<OptionTagsDialogProps, 'disabled'> & { onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const [tags, setTags] = useState<string[]>(option.tags);
  const [applyToPast, setApplyToPast] = useState(false);
  const save = useSetOptionTags();
  const simulate = useSimulateOptionTags();
  const checked = useCheckedFor<TagReport>(JSON.stringify(tags));
  const ref = { campaignId: question.campaignId, questionId: question._id, optionId: option._id };
  const toPast = applyToPast && answerCount > 0 && tags.length > 0;
  const changed = tags.length !== option.tags.length || tags.some((tag) => !option.tags.includes(tag));
  const report = toPast ? checked.result : null;

  const check = () =>
    simulate.mutate(
      { ...ref, tags },
      {
        onSuccess: (r) => checked.keep(r),
        onError: (error) =>
          notifyError({ title: t('questions.optionTags.checkFailed'), message: tagErrorMessage(error) }),
      },
    );

  const submit = () =>
    save.mutate(
      { ...ref, tags, applyToPast: toPast },
      {
        onSuccess: () => {
          notifySuccess({
            title: t('questions.optionTags.savedTitle'),
            message: toPast ? t('questions.optionTags.savedPastText') : t('questions.optionTags.savedText'),
          });
          onClose();
          onSaved();
        },
        onError: (error) =>
          notifyError({ title: t('questions.optionTags.failed'), message: tagErrorMessage(error) }),
      },
    );

  return (
    <Stack gap="md">
      <TagPicker
        description={t('questions.fields.optionTagsHint')}
        placeholder={t('questions.fields.optionTagsPlaceholder')}
        value={tags}
        onChange={setTags}
        maxTags={tagLimits.tagsPerOption}
        disabled={save.isPending}
        autoFocus
      />
      {answerCount > 0 ? (
        <Switch
          label={t('questions.optionTags.applyToPast')}
          description={t('questions.optionTags.applyToPastHint', { count: answerCount })}
          checked={applyToPast}
          onChange={(e) => setApplyToPast(e.currentTarget.checked)}
          disabled={tags.length === 0 || save.isPending}
        />
      ) : null}
      <VisuallyHidden role="status">
        {report ? tagReportSummary(t, i18n.language, report) : ''}
      </VisuallyHidden>
      {report ? <TagReportView report={report} /> : null}
      {toPast && checked.outdated ? (
        <Text fz="sm" c="dimmed">
          {t('questions.optionTags.outdated')}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          {t('questions.actions.cancel')}
        </Button>
        {toPast ? (
          <Button
            variant={report ? 'default' : 'filled'}
            leftSection={<IconListCheck size={16} aria-hidden />}
            onClick={check}
            loading={simulate.isPending}
            disabled={save.isPending}
          >
            {t('components.tagsDialog.check')}
          </Button>
        ) : null}
        <Button
          onClick={submit}
          loading={save.isPending}
          disabled={toPast ? report === null || simulate.isPending : !changed}
        >
          {t('questions.actions.saveTags')}
        </Button>
      </Group>
    </Stack>
  );
};
