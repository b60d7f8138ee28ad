import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput with its visibility toggle named in the UI language (not only English)
 * and in the Tab order: Mantine leaves it out, so keyboard users could never reveal what they typed.
 */
export const PasswordInput = (props: PasswordInputProps) => {
  const { t } = useTranslation();
  return (
    <MantinePasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
      {...props}
    />
  );
};
