import {
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type Language,
  limits,
  renderTemplate,
  type TemplateMessage,
  type TemplatePlaceholder,
  templatePlaceholders,
  templateTitleMax,
} from '@parley/contract';
import { IconPlus } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChanges, useDiscardGuard } from '@/components/discard-changes';
import { isApiError } from '@/lib/api-client';
import { useMeSmall } from '@/lib/current-owner';
import { useLanguage } from '@/lib/i18n';
import { languages } from '@/lib/language';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { useCreateTemplate, useUpdateTemplate } from '../api/template-mutations';
import {
  insertAt,
  knownPlaceholderList,
  placeholderCode,
  placeholderNames,
  sampleValues,
  unknownPlaceholdersOf,
} from '../lib/placeholders';

type Props = {
  /** The template to edit; without it the dialog creates one. */
  template?: TemplateMessage;
  onClose: () => void;
};

type Values = { title: string; language: Language; text: string };
type Field = keyof Values;
const fields: readonly Field[] = ['title', 'language', 'text'];

/**
 * A new template's (or a template's new) title, language and text (D21). Placeholders go in by
 * buttons at the cursor; the text is checked as it is typed with the contract's placeholder rule,
 * the one the server refuses a text by, and a live preview fills it with sample values. Mounted
 * per opening, so each starts from the template as it is; closing with unsaved changes asks first.
 */
export const TemplateFormModal = ({ template, onClose }: Props) => {
  const { t } = useTranslation();
  const id = useId();
  const consoleLanguage = useLanguage();
  const { data: owner } = useMeSmall();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || update.isPending;
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [withName, setWithName] = useState(true);

  const form = useForm<Values>({
    initialValues: {
      title: template?.title ?? '',
      language: template?.language ?? consoleLanguage,
      text: template?.text ?? '',
    },
    // Checked as the owner types and on submit, never on blur (docs/product-decisions.md).
    validateInputOnChange: true,
    validate: {
      title: (value) => {
        const title = value.trim();
        if (!title) return t('common.required');
        return title.length > templateTitleMax ? t('common.maxLength', { max: templateTitleMax }) : null;
      },
      text: (value) => {
        const text = value.trim();
        if (!text) return t('common.required');
        if (text.length > limits.textMax) return t('common.maxLength', { max: limits.textMax });
        const unknown = unknownPlaceholdersOf(value);
        if (unknown.length === 0) return null;
        return t('templates.form.unknownPlaceholders', {
          count: unknown.length,
          names: unknown.map(placeholderCode).join(', '),
          known: knownPlaceholderList,
        });
      },
    },
  });

  // Escape, a click outside, × or Cancel with unsaved changes asks first: nothing is lost by a slip.
  const discardGuard = useDiscardGuard(() => form.isDirty() && !saving, onClose);
  const { requestClose } = discardGuard;

  const insert = (placeholder: TemplatePlaceholder) => {
    const area = textArea.current;
    const current = form.getValues().text;
    const start = area?.selectionStart ?? current.length;
    const end = area?.selectionEnd ?? start;
    const next = insertAt(current, placeholderCode(placeholder), start, end);
    form.setFieldValue('text', next.text);
    // Back to the text, the cursor right after the placeholder, once the new value is drawn.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const refused = (error: unknown) => {
    // The server's reason on its field when it names one of the form's; else in a notification.
    const field =
      isApiError(error) && error.status === 400 ? fields.find((f) => f === error.field) : undefined;
    if (field && isApiError(error)) {
      form.setFieldError(field, t('templates.form.serverRefused', { message: error.message }));
      if (field !== 'language') document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    notifyError({
      title: template ? t('templates.form.saveFailed') : t('templates.form.createFailed'),
      message: apiErrorMessage(error),
    });
  };

  const saved = (result: TemplateMessage) => {
    notifySuccess({
      title: template ? t('templates.form.savedTitle') : t('templates.form.createdTitle'),
      message: t(template ? 'templates.form.savedText' : 'templates.form.createdText', {
        title: result.title,
      }),
    });
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = { title: values.title.trim(), language: values.language, text: values.text.trim() };
    if (template) {
      update.mutate({ id: template._id, body }, { onSuccess: saved, onError: refused });
    } else {
      create.mutate(body, { onSuccess: saved, onError: refused });
    }
  });

  const { text, language } = form.getValues();
  const sample = {
    firstname: t('templates.form.sample.firstname', { lng: language }),
    lastname: t('templates.form.sample.lastname', { lng: language }),
    campaignTitle: t('templates.form.sample.campaignTitle', { lng: language }),
    manufacturerName: owner?.manufacturer.name ?? '',
  };
  const preview = renderTemplate(text.trim(), sampleValues(sample, withName));
  const fallbackExample = `{{contact.firstname|${t('templates.list.fallbackWord', { lng: language })}}}`;

  return (
    <Modal
      opened
      onClose={requestClose}
      title={template ? t('templates.form.editTitle') : t('templates.form.createTitle')}
      size="lg"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            id={`${id}-title`}
            label={t('templates.form.title')}
            description={t('templates.form.titleHint', { max: templateTitleMax })}
            required
            autoComplete="off"
            data-autofocus
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${id}-language-label`}>
              {t('templates.form.language')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${id}-language-label`}
              data={languages.map((l) => ({ value: l, label: t(`templates.languages.${l}`) }))}
              style={{ alignSelf: 'flex-start' }}
              key={form.key('language')}
              {...form.getInputProps('language')}
            />
          </Stack>
          <Textarea
            id={`${id}-text`}
            ref={textArea}
            label={t('templates.form.text')}
            description={t('templates.form.textCounter', { count: text.trim().length, max: limits.textMax })}
            required
            autosize
            minRows={5}
            maxRows={14}
            lang={language}
            key={form.key('text')}
            {...form.getInputProps('text')}
          />
          <Box role="group" aria-labelledby={`${id}-insert`}>
            <Text id={`${id}-insert`} size="sm" fw={500} mb={6}>
              {t('templates.form.insert')}
            </Text>
            <Group gap="xs">
              {templatePlaceholders.map((p) => (
                <Button
                  key={p}
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  aria-label={t('templates.form.insertLabel', {
                    name: t(`templates.form.placeholders.${placeholderNames[p]}`),
                    placeholder: placeholderCode(p),
                  })}
                  // Keeps the text's selection: the placeholder goes where the cursor was.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => insert(p)}
                >
                  {t(`templates.form.placeholders.${placeholderNames[p]}`)}
                </Button>
              ))}
            </Group>
            <Text size="xs" c="dimmed" mt={6}>
              {t('templates.form.fallbackHint', { example: fallbackExample })}
            </Text>
          </Box>
          <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
            <Group justify="space-between" align="center" mb={6} gap="xs">
              <Text size="sm" fw={500} id={`${id}-preview`}>
                {t('templates.form.preview')}
              </Text>
              <Checkbox
                size="xs"
                label={t('templates.form.previewWithoutName')}
                checked={!withName}
                onChange={(e) => setWithName(!e.currentTarget.checked)}
              />
            </Group>
            <Box
              role="region"
              aria-labelledby={`${id}-preview`}
              aria-live="polite"
              lang={language}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {preview ? (
                <Text size="sm">{preview}</Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('templates.form.previewEmpty')}
                </Text>
              )}
            </Box>
          </Paper>
          <DiscardChanges guard={discardGuard} text={t('templates.form.discardText')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose} disabled={saving}>
              {t('components.confirm.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {template ? t('templates.form.save') : t('templates.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
