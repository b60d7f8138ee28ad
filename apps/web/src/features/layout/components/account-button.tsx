import { Avatar, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

export type AccountProps = { name: string; email: string; avatar: string | null };

/**
 * The account menu's button. It is named "Account" / "Konto" followed by the initials it shows
 * ("Account (DO)"), so its name holds what is seen (docs/product-decisions.md, Console).
 */
export const AccountButton = ({
  name,
  email,
  avatar,
  ...button
}: AccountProps & ComponentPropsWithRef<'button'>) => {
  const { t } = useTranslation();
  const shown = avatar ? '' : initials(name);
  return (
    <UnstyledButton
      {...button}
      aria-label={shown ? `${t('account.menu')} (${shown})` : t('account.menu')}
      title={`${name} (${email})`}
    >
      <Avatar src={avatar} alt="" radius="xl" size="md" color="blue">
        {shown}
      </Avatar>
    </UnstyledButton>
  );
};
