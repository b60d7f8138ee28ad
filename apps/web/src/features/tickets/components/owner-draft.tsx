import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  hasPlaceholders,
  type Language,
  limits,
  renderTemplate,
  type TemplateValues,
  templatePlaceholders,
  unknownPlaceholders,
} from '@parley/contract';
import { IconArrowBackUp, IconLanguage } from '@tabler/icons-react';
import { type ChangeEvent, type RefObject, type SyntheticEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplatePicker } from '@/components/template-picker';
import { TranslationBudgetText } from '@/components/translation-budget';
import { useLanguage } from '@/lib/i18n';
import { otherLanguage, useTranslate, useTranslationOffered } from '@/lib/translation';
import { isTextFieldError } from '../api/ticket-mutations';

type Caret = { start: number; end: number };

/**
 * What the owner is writing (an answer or a comment): the text, where the cursor was last (a
 * template goes there, else at the end), and the text before a translation replaced it (undo).
 */
export const useOwnerDraft = (fieldRef?: RefObject<HTMLTextAreaElement | null>) => {
  const [value, setValue] = useState('');
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = fieldRef ?? ownRef;
  const caret = useRef<Caret | null>(null);
  const [beforeTranslation, setBeforeTranslation] = useState<string | null>(null);

  const track = (el: HTMLTextAreaElement) => {
    caret.current = { start: el.selectionStart, end: el.selectionEnd };
  };
  const placeCaret = (position: number) => {
    caret.current = { start: position, end: position };
    requestAnimationFrame(() => {
      const el = ref.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(position, position);
    });
  };

  return {
    value,
    ref,
    /** Spread on the Textarea. */
    fieldProps: {
      ref,
      value,
      onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
        setValue(e.currentTarget.value);
        track(e.currentTarget);
        // Edited after a translation: undoing would throw the edits away.
        setBeforeTranslation(null);
      },
      onSelect: (e: SyntheticEvent<HTMLTextAreaElement>) => track(e.currentTarget),
    },
    /** Puts `text` at the cursor (replacing a selection), or at the end on a new paragraph. */
    insert: (text: string) => {
      const at = caret.current;
      const start = Math.min(at?.start ?? value.length, value.length);
      const end = Math.min(at?.end ?? value.length, value.length);
      const before = value.slice(0, start);
      const gap = !at && before.trim() !== '' ? (before.endsWith('\n') ? '\n' : '\n\n') : '';
      const next = `${before}${gap}${text}${value.slice(end)}`;
      setValue(next);
      setBeforeTranslation(null);
      placeCaret(before.length + gap.length + text.length);
    },
    /** The translation replaces the text; `undoTranslation` brings the text back. */
    replaceWithTranslation: (translated: string) => {
      setBeforeTranslation(value);
      setValue(translated);
      placeCaret(translated.length);
    },
    canUndoTranslation: beforeTranslation !== null,
    undoTranslation: () => {
      if (beforeTranslation === null) return;
      setValue(beforeTranslation);
      setBeforeTranslation(null);
      placeCaret(beforeTranslation.length);
    },
    /** Starts again from `text` (the current answer, to change it). */
    load: (text: string) => {
      setValue(text);
      setBeforeTranslation(null);
      placeCaret(text.length);
    },
    clear: () => {
      setValue('');
      caret.current = null;
      setBeforeTranslation(null);
    },
  };
};

export type OwnerDraft = ReturnType<typeof useOwnerDraft>;

/** Why a draft cannot be sent (the contract's ownerTextSchema, in the console's words), or null. */
export const useDraftCheck = () => {
  const { t } = useTranslation();
  return (text: string): string | null => {
    const v = text.trim();
    if (!v) return t('tickets.compose.empty');
    if (v.length > limits.textMax) return t('common.maxLength', { max: limits.textMax });
    const unknown = unknownPlaceholders(v);
    if (unknown.length > 0) {
      return t('tickets.compose.unknownPlaceholders', {
        count: unknown.length,
        names: unknown.map((n) => `{{${n}}}`).join(', '),
        known: templatePlaceholders.map((p) => `{{${p}}}`).join(', '),
      });
    }
    return null;
  };
};

/** The mutation's callbacks `send` hands on (TanStack Query's mutate options). */
type SendHandlers = { onSuccess: () => void; onError: (error: unknown) => void };

/**
 * A draft that is sent (an answer or a comment): checked before it goes, and again as it is
 * corrected once an error shows; once sent it is emptied and the status line says so; the
 * server's refusal of its text (a 400 naming `field`) shows on the field.
 */
export const useSentDraft = (fieldRef: RefObject<HTMLTextAreaElement | null>, field: string) => {
  const { t } = useTranslation();
  const draft = useOwnerDraft(fieldRef);
  const check = useDraftCheck();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  return {
    draft,
    status,
    /** Spread on the Textarea: the draft, and its error. */
    fieldProps: {
      ...draft.fieldProps,
      onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
        draft.fieldProps.onChange(e);
        if (error) setError(check(e.currentTarget.value));
      },
      error,
    },
    /** Sends the draft's text with `mutate` when it passes the checks; `sent()` is said once it went. */
    send: (mutate: (text: string, handlers: SendHandlers) => void, sent: () => string) => {
      const problem = check(draft.value);
      setError(problem);
      if (problem) return;
      setStatus('');
      mutate(draft.value.trim(), {
        onSuccess: () => {
          draft.clear();
          setStatus(sent());
        },
        onError: (err) => {
          if (isTextFieldError(err, field)) {
            setError(t('tickets.compose.refused', { message: (err as Error).message }));
          }
        },
      });
    },
  };
};

/**
 * The tools under an answer or comment being written: insert a template, translate the draft into
 * the participant's language (with undo), and, when it holds placeholders, a preview of the text as
 * the participant will read it (the server fills them the same way when it stores the text).
 */
export const DraftTools = ({
  draft,
  language,
  values,
  disabled,
  previewLabel,
}: {
  draft: OwnerDraft;
  /** The participant's language: the templates offered first, and the translation's target. */
  language: Language;
  values: TemplateValues;
  disabled: boolean;
  /** Names the preview ("Preview of your answer"). */
  previewLabel: string;
}) => {
  const { t } = useTranslation();
  const consoleLanguage = useLanguage();
  const translate = useTranslate();
  const translationOffered = useTranslationOffered();
  const [status, setStatus] = useState('');
  // The owner writes in the console's language; written in the participant's already, it can only
  // have been the other one.
  const source = consoleLanguage === language ? otherLanguage(language) : consoleLanguage;
  const languageName = (l: Language) => t(`components.translation.languages.${l}`);
  const text = draft.value;
  const showPreview = hasPlaceholders(text) && unknownPlaceholders(text).length === 0;

  const translateDraft = async () => {
    setStatus('');
    try {
      const [translated = ''] = await translate.mutateAsync({
        sourceLanguage: source,
        targetLanguage: language,
        texts: [text],
      });
      draft.replaceWithTranslation(translated);
      setStatus(t('tickets.compose.translated', { language: languageName(language) }));
    } catch {
      // useTranslate has said why; the draft stays as it was.
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <TemplatePicker
          language={language}
          disabled={disabled}
          onInsert={(templateText) => {
            draft.insert(templateText);
            setStatus(t('tickets.compose.templateInserted'));
          }}
        />
        {/* No provider configured: no Translate button (docs/product-decisions.md, "Translation"). */}
        {translationOffered ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLanguage size={14} aria-hidden />}
            disabled={disabled || text.trim() === ''}
            loading={translate.isPending}
            onClick={() => void translateDraft()}
            title={t('tickets.compose.translateHint', {
              from: languageName(source),
              to: languageName(language),
            })}
          >
            {t('tickets.compose.translate', { language: languageName(language) })}
          </Button>
        ) : null}
        {draft.canUndoTranslation ? (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            disabled={disabled}
            onClick={() => {
              draft.undoTranslation();
              setStatus(t('tickets.compose.translationUndone'));
            }}
          >
            {t('tickets.compose.undoTranslation')}
          </Button>
        ) : null}
        <TranslationBudgetText />
      </Group>
      <Text fz="xs" c="dimmed" role="status" aria-live="polite">
        {status}
      </Text>
      {showPreview ? (
        <Paper withBorder radius="sm" p="xs" role="region" aria-label={previewLabel}>
          <Text fz="xs" c="dimmed" fw={600}>
            {previewLabel}
          </Text>
          <Box lang={language}>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {renderTemplate(text, values)}
            </Text>
          </Box>
        </Paper>
      ) : null}
    </Stack>
  );
};
