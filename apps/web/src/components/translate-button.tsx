import { Box, Button, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Language } from '@parley/contract';
import { IconLanguage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n';
import { translationTarget, useTranslate, useTranslationOffered } from '@/lib/translation';
import { useTranslationBudgetText } from './translation-budget';

type TranslateButtonProps = {
  /** The text to translate, as written. */
  text: string;
  /** The language it is written in. */
  sourceLanguage: Language;
  /** Default: the console's language, or the other one when the text is written in it. */
  targetLanguage?: Language;
  disabled?: boolean;
  /** Names the text for screen readers when there are several: "answer 2" gives "Translate answer 2". */
  subject?: string;
};

/**
 * "Translate" under a text someone else wrote: the translation appears below it (asked once, then
 * kept), and the same button hides it again. A failure shows "Translation failed" with the reason
 * (lib/translation.ts) and leaves the text as it was. Its tooltip tells the translation budget left.
 * Where no translation provider is configured it is not shown.
 */
export const TranslateButton = ({
  text,
  sourceLanguage,
  targetLanguage,
  disabled = false,
  subject,
}: TranslateButtonProps) => {
  const { t } = useTranslation();
  const reader = useLanguage();
  const target = targetLanguage ?? translationTarget(sourceLanguage, reader);
  const translate = useTranslate();
  const [translation, setTranslation] = useState<{ text: string; target: Language } | null>(null);
  const [shown, setShown] = useState(false);
  const regionId = useId();
  // A translation of another text or into another language is asked again.
  const current = translation && translation.target === target ? translation.text : null;

  const toggle = async () => {
    if (shown) {
      setShown(false);
      return;
    }
    if (current !== null) {
      setShown(true);
      return;
    }
    try {
      const [translated = ''] = await translate.mutateAsync({
        sourceLanguage,
        targetLanguage: target,
        texts: [text],
      });
      setTranslation({ text: translated, target });
      setShown(true);
    } catch {
      // useTranslate has said why.
    }
  };

  const targetName = t(`components.translation.languages.${target}`);
  const budget = useTranslationBudgetText();
  const offered = useTranslationOffered();
  // No provider configured: nothing would translate, so nothing is offered.
  if (!offered) return null;
  return (
    <Stack gap={6} align="flex-start">
      <Tooltip label={budget} disabled={!budget || shown} withArrow>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconLanguage size={14} aria-hidden />}
          onClick={() => void toggle()}
          loading={translate.isPending}
          disabled={disabled || text.trim() === '' || sourceLanguage === target}
          aria-expanded={shown}
          aria-controls={shown ? regionId : undefined}
          aria-label={
            subject
              ? shown
                ? t('components.translation.hideSubject', { subject })
                : t('components.translation.translateSubject', { subject })
              : undefined
          }
        >
          {shown ? t('components.translation.hide') : t('components.translation.translate')}
        </Button>
      </Tooltip>
      {shown && current !== null ? (
        <Paper
          id={regionId}
          withBorder
          radius="sm"
          p="xs"
          bg="var(--mantine-color-default-hover)"
          style={{ alignSelf: 'stretch' }}
          role="region"
          aria-label={t('components.translation.regionLabel', { language: targetName })}
        >
          <Text fz="xs" c="dimmed" fw={600}>
            {t('components.translation.label', { language: targetName })}
          </Text>
          <Box lang={target}>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{current}</Text>
          </Box>
        </Paper>
      ) : null}
    </Stack>
  );
};
