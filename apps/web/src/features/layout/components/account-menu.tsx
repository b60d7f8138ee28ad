import { Menu } from '@mantine/core';
import { IconCheck, IconLanguage, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { languages, setLanguage, useLanguage } from '@/lib/i18n';
import { AccountButton, type AccountProps } from './account-button';

export type AccountMenuProps = AccountProps & {
  onSignOut: () => void;
  /** Open at once: the owner's first click on the button (user-menu.tsx) brought it. */
  defaultOpened?: boolean;
};

/** The account menu: profile, language, sign-out (its own chunk, see user-menu.tsx). */
export const AccountMenu = ({ name, email, avatar, onSignOut, defaultOpened = false }: AccountMenuProps) => {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    // No focus placeholder: Mantine's is a role="presentation" child, which a menu may not hold
    // (axe: aria-required-children); the dropdown itself takes the focus, arrows move to the items.
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      defaultOpened={defaultOpened}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <AccountButton name={name} email={email} avatar={avatar} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {name}
          <br />
          {email}
        </Menu.Label>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} aria-hidden />}>
          {t('account.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>
          <IconLanguage size={12} aria-hidden /> {t('account.language')}
        </Menu.Label>
        {languages.map((value) => (
          <Menu.Item
            key={value}
            lang={value}
            onClick={() => void setLanguage(value)}
            leftSection={
              value === language ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />
            }
            aria-current={value === language ? 'true' : undefined}
          >
            {t(`language.${value}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* Red as text is written (the theme's readable shade), not Mantine's red 6 (3.3:1 on white). */}
        <Menu.Item
          color="red"
          c="var(--mantine-color-red-text)"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={onSignOut}
        >
          {t('auth.signOut.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
