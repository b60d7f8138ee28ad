import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Campaign, type Question, questionLimits } from '@parley/contract';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DiscardChanges, useDiscardGuard } from '@/components/discard-changes';
import { ImageUploadField } from '@/components/image-upload-field';
import { hasOptions, questionTypes } from '../lib/question-rules';
import { OptionsEditor } from './options-editor';
import { PathRulesEditor } from './path-rules-editor';
import { type QuestionFormMode, useQuestionForm } from './use-question-form';

type QuestionFormModalProps = {
  campaign: Campaign;
  questions: readonly Question[];
  mode: QuestionFormMode;
  onClose: () => void;
  onSaved: () => void;
};

/** Add, edit or replace one question. Mounted per opening, so each starts from a fresh draft. */
export const QuestionFormModal = ({
  campaign,
  questions,
  mode,
  onClose,
  onSaved,
}: QuestionFormModalProps) => {
  const { t } = useTranslation();
  const form = useQuestionForm({ campaign, mode, onSaved });
  const { draft, problems } = form;
  // Escape, a click outside, × or Cancel with unsaved changes asks first: nothing is lost by a slip.
  const discardGuard = useDiscardGuard(() => form.dirty, onClose);
  const { requestClose } = discardGuard;

  // Where the question stands (a new one goes last): rules may only jump to questions after it.
  const position =
    mode.kind === 'create' ? questions.length : questions.findIndex((q) => q._id === mode.question._id);
  const later = questions.slice(position + 1);

  const title =
    mode.kind === 'create'
      ? t('questions.modal.createTitle')
      : mode.kind === 'replace'
        ? t('questions.modal.replaceTitle')
        : t('questions.modal.editTitle');

  return (
    <Modal opened onClose={requestClose} title={title} size="xl">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        <Stack gap="md">
          {mode.kind === 'replace' ? (
            <Alert role="note" color="blue" variant="light">
              {t('questions.modal.replaceNote')}
            </Alert>
          ) : null}
          <NativeSelect
            label={t('questions.fields.type')}
            data={questionTypes.map((type) => ({ value: type, label: t(`questions.types.${type}`) }))}
            value={draft.type}
            onChange={(e) => {
              const type = questionTypes.find((x) => x === e.currentTarget.value);
              if (type) form.setType(type);
            }}
            disabled={form.typeLocked}
            description={form.typeLocked ? t('questions.locks.typeFixed') : undefined}
            rightSection={form.typeLocked ? <IconLock size={14} aria-hidden /> : undefined}
          />
          <Textarea
            label={t('questions.fields.text')}
            description={t('questions.fields.textHint', {
              min: questionLimits.textMin,
              max: questionLimits.textMax,
            })}
            required
            autosize
            minRows={2}
            value={draft.text}
            onChange={(e) => form.patch({ text: e.currentTarget.value })}
            error={
              problems.text
                ? t(`questions.validation.${problems.text}`, {
                    min: questionLimits.textMin,
                    max: questionLimits.textMax,
                  })
                : null
            }
            data-autofocus
          />
          <Switch
            label={t('questions.fields.optional')}
            description={t('questions.fields.optionalHint')}
            checked={draft.optional}
            onChange={(e) => form.patch({ optional: e.currentTarget.checked })}
          />
          {hasOptions(draft.type) ? (
            <OptionsEditor
              options={draft.options}
              problems={problems}
              onChange={form.setOption}
              onAdd={form.addOption}
              onRemove={form.removeOption}
              onMove={form.moveOption}
            />
          ) : null}
          <Divider />
          <ImageUploadField
            label={t('questions.fields.image')}
            value={draft.image}
            onChange={(image) => form.patch({ image })}
            upload={form.upload}
          />
          <TextInput
            label={t('questions.fields.link')}
            description={t('questions.fields.linkHint')}
            placeholder="https://"
            type="url"
            value={draft.link}
            onChange={(e) => form.patch({ link: e.currentTarget.value })}
            error={problems.link ? t('questions.validation.link') : null}
          />
          <Divider />
          <PathRulesEditor
            options={draft.options}
            rules={draft.rules}
            block={form.rulesBlock}
            later={later}
            all={questions}
            onChange={form.setRule}
          />
          <DiscardChanges guard={discardGuard} text={t('questions.modal.discardText')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              {t('questions.actions.cancel')}
            </Button>
            <Button type="submit" loading={form.saving}>
              {mode.kind === 'create'
                ? t('questions.actions.create')
                : mode.kind === 'replace'
                  ? t('questions.actions.replaceSubmit')
                  : t('questions.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
