import { Text } from '@mantine/core';
import { useLanguage } from '@/lib/i18n';
import { translationBudgetText, useTranslationBudget } from '@/lib/translation';

/**
 * The manufacturer's translation budget in a line ("12,000 of 200,000 characters left this hour",
 * docs/product-decisions.md, "Translation"), or null while it is unknown or no provider is configured.
 */
export const useTranslationBudgetText = (): string | null => {
  const language = useLanguage();
  const { data } = useTranslationBudget();
  return data?.configured ? translationBudgetText(data, language) : null;
};

/** The budget as a small line beside a translate button. */
export const TranslationBudgetText = () => {
  const text = useTranslationBudgetText();
  return text ? (
    <Text fz="xs" c="dimmed">
      {text}
    </Text>
  ) : null;
};
