import { Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessage2, IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SupportLinks } from '@/components/support-links';
import { paths } from '@/config/paths';
import { RunningCampaigns } from '@/features/dashboard/components/running-campaigns';
import { InfoList } from '@/features/info/components/info-list';
import { useMeSmall } from '@/lib/current-owner';
import { usePublicConfig } from '@/lib/public-config';

/** `/`: a greeting, the running campaigns (with connect), the two product areas and the news items. */
export const DashboardRoute = () => {
  const { t } = useTranslation();
  const { data: owner } = useMeSmall();
  const { data: config } = usePublicConfig();
  const areas = [
    {
      key: 'connect',
      to: paths.campaigns,
      icon: IconSpeakerphone,
      description: t('dashboard.connectDescription'),
    },
    {
      key: 'platform',
      to: paths.tickets,
      icon: IconMessage2,
      description: t('dashboard.platformDescription'),
    },
  ] as const;

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={owner ? t('dashboard.welcome', { name: owner.name }) : undefined}
        actions={
          owner?.manufacturer.isPartner ? <Badge variant="light">{t('dashboard.partner')}</Badge> : null
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <RunningCampaigns />
            <Title order={2} size="h4">
              {t('dashboard.infoTitle')}
            </Title>
            <InfoList />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {areas.map(({ key, to, icon: Icon, description }) => (
              <Card key={key} withBorder radius="md" padding="lg">
                <Group gap="sm" mb="xs">
                  <Icon size={20} aria-hidden />
                  <Title order={2} size="h4">
                    {t(`nav.${key}`)}
                  </Title>
                  {key === 'connect' && owner && !owner.isParleyConnectEnabled ? (
                    <Badge size="xs" variant="light" color="gray">
                      {t('nav.notEnabled')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed" mb="md">
                  {description}
                </Text>
                <Button
                  component={Link}
                  to={to}
                  variant="light"
                  size="xs"
                  w="fit-content"
                  aria-label={`${t('dashboard.open')}: ${t(`nav.${key}`)}`}
                >
                  {t('dashboard.open')}
                </Button>
              </Card>
            ))}
            {config && (config.supportUrl || config.supportEmail) ? (
              <Card withBorder radius="md" padding="lg">
                <Title order={2} size="h4" mb="xs">
                  {t('dashboard.supportTitle')}
                </Title>
                <Text size="sm" c="dimmed" mb="sm">
                  {t('dashboard.supportDescription')}
                </Text>
                <SupportLinks supportUrl={config.supportUrl} supportEmail={config.supportEmail} />
              </Card>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
};
