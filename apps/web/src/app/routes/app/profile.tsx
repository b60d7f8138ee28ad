import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { AvatarForm } from '@/features/owner/components/avatar-form';
import { ChangeNameForm } from '@/features/owner/components/change-name-form';
import { MailLanguageSelect } from '@/features/owner/components/mail-language-select';
import { MailNotificationsForm } from '@/features/owner/components/mail-notifications-form';
import { ManufacturerSettingsForm } from '@/features/owner/components/manufacturer-settings-form';
import { useMeSmall } from '@/lib/current-owner';

/**
 * /profile: the owner's account, name, picture, password, email language and notifications, and the
 * manufacturer's settings (phone numbers' default country, privacy-notice and imprint links).
 */
export const ProfileRoute = () => {
  const { t } = useTranslation();
  const { data: owner } = useMeSmall();
  if (!owner) return <PageSkeleton />;
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Stack gap="lg" maw={720}>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-account">
          <Title id="profile-account" order={2} size="h4" mb="md">
            {t('profile.accountTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('profile.email')}
              </Text>
              <Text component="dd" m={0}>
                {owner.email}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('profile.manufacturer')}
              </Text>
              <Text component="dd" m={0}>
                {owner.manufacturer.name}
              </Text>
            </div>
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-name">
          <Title id="profile-name" order={2} size="h4" mb="md">
            {t('profile.nameTitle')}
          </Title>
          <ChangeNameForm owner={owner} />
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-avatar">
          <Title id="profile-avatar" order={2} size="h4" mb="md">
            {t('profile.avatarTitle')}
          </Title>
          <AvatarForm owner={owner} />
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-password">
          <Title id="profile-password" order={2} size="h4" mb="md">
            {t('profile.passwordTitle')}
          </Title>
          <ChangePasswordForm />
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-notifications">
          <Title id="profile-notifications" order={2} size="h4" mb="md">
            {t('profile.notifications.title')}
          </Title>
          <Stack gap="lg">
            <MailLanguageSelect owner={owner} />
            <MailNotificationsForm owner={owner} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-manufacturer">
          <Title id="profile-manufacturer" order={2} size="h4" mb="md">
            {t('profile.manufacturerSettings.title', { name: owner.manufacturer.name })}
          </Title>
          <ManufacturerSettingsForm owner={owner} />
        </Paper>
      </Stack>
    </>
  );
};
