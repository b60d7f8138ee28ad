import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ContactList } from '@parley/contract';
import { IconUnlink } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notifications';
import { useUnlinkCampaign } from '../api/list-mutations';

type Linked = ContactList['campaigns'][number];

/**
 * The group campaigns the list is linked to: members who join the list later are invited to the
 * running ones. Unlinking stops that; the invitations already made stay.
 */
export const LinkedCampaigns = ({ list }: { list: ContactList }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const unlink = useUnlinkCampaign();
  const [unlinking, setUnlinking] = useState<Linked | null>(null);
  const [shown, setShown] = useState<Linked | null>(null);

  const confirm = () => {
    if (!unlinking) return;
    const campaign = unlinking;
    unlink.mutate(
      { campaignId: campaign._id, listId: list._id },
      {
        onSuccess: () => {
          setUnlinking(null);
          notifySuccess({
            title: t('contactLists.campaigns.unlinkedTitle'),
            message: t('contactLists.campaigns.unlinkedText', { name: list.name, title: campaign.title }),
          });
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('contactLists.campaigns.title')}
        </Title>
        {list.campaigns.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('contactLists.campaigns.none')}
          </Text>
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              {t('contactLists.campaigns.text')}
            </Text>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.campaigns.map((c) => (
                <Paper key={c._id} component="li" withBorder radius="md" px="md" py="xs">
                  <Group justify="space-between" gap="sm">
                    <Group gap="xs">
                      <Anchor component={Link} to={paths.campaign(c._id)} fw={500}>
                        {c.title}
                      </Anchor>
                      <Text fz="sm" c="dimmed">
                        {t(`campaigns.state.${c.state}`)}
                      </Text>
                    </Group>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconUnlink size={14} aria-hidden />}
                      aria-label={t('contactLists.campaigns.unlinkLabel', { title: c.title })}
                      onClick={() => {
                        setUnlinking(c);
                        setShown(c);
                      }}
                    >
                      {t('contactLists.campaigns.unlink')}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={unlinking !== null}
        title={t('contactLists.campaigns.unlinkTitle', { title: shown?.title ?? '' })}
        confirmLabel={t('contactLists.campaigns.unlinkConfirm')}
        color="red"
        focus="cancel"
        loading={unlink.isPending}
        onConfirm={confirm}
        onClose={() => setUnlinking(null)}
      >
        <Text>{t('contactLists.campaigns.unlinkText', { name: list.name })}</Text>
      </ConfirmDialog>
    </section>
  );
};
