import { isEmailAddress, limits } from '@parley/contract';
import { i18n } from '@/lib/i18n';

// The contract's email check, the server's too; the identity service's own answer is mapped to a message.
export const validateEmail = (value: string): string | null => {
  const email = value.trim();
  if (!email) return i18n.t('common.required');
  if (email.length > limits.emailMax) return i18n.t('common.maxLength', { max: limits.emailMax });
  return isEmailAddress(email) ? null : i18n.t('common.invalidEmail');
};

export const validateRequired = (value: string): string | null => (value ? null : i18n.t('common.required'));

/** The repeated new password must match the first one. */
export const validateConfirmation = (value: string, values: { newPassword: string }) =>
  value === values.newPassword ? null : i18n.t('auth.resetConfirm.mismatch');

/** D24: passwords have 8–128 characters. */
export const validateNewPassword = (value: string): string | null => {
  if (value.length < limits.passwordMin) return i18n.t('common.minLength', { min: limits.passwordMin });
  if (value.length > limits.passwordMax) return i18n.t('common.maxLength', { max: limits.passwordMax });
  return null;
};
