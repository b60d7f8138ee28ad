import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLanguage, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { languages, setLanguage, useLanguage } from '@/lib/i18n';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

type UserMenuProps = { name: string; email: string; avatar: string | null; onSignOut: () => void };

/**
 * The account menu: profile, language, sign-out. Its button is named "Account" / "Konto" followed by
 * the initials it shows ("Account (DO)"), so its name holds what is seen (docs/product-decisions.md, Console).
 */
export const UserMenu = ({ name, email, avatar, onSignOut }: UserMenuProps) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const shown = avatar ? '' : initials(name);
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={shown ? `${t('account.menu')} (${shown})` : t('account.menu')}
          title={`${name} (${email})`}
        >
          <Avatar src={avatar} alt="" radius="xl" size="md" color="blue">
            {shown}
          </Avatar>
        </UnstyledButton>
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
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          {t('auth.signOut.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
