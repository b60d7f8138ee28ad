import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUnlink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { contactListErrorMessage, contactListQueryKeys, unlinkListFromCampaign } from '@/lib/contact-lists';
import { notifyError, notifySuccess } from '@/lib/notifications';

type LinkedList = { _id: string; name: string; memberCount: number };

/**
 * A group campaign's linked contact lists (D11): contacts who join one later are invited while the
 * campaign runs. Unlinking stops that; the invitations already made stay.
 */
export const LinkedLists = ({
  campaign,
  lists,
}: {
  campaign: { _id: string; title: string };
  lists: readonly LinkedList[] | undefined;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [unlinking, setUnlinking] = useState<LinkedList | null>(null);
  const [shown, setShown] = useState<LinkedList | null>(null);
  const unlink = useMutation({
    mutationFn: unlinkListFromCampaign,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({
        title: t('contactLists.campaigns.unlinkFailed'),
        message: contactListErrorMessage(error),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListQueryKeys.all }),
  });

  const confirm = () => {
    if (!unlinking) return;
    const list = unlinking;
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
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('contactLists.campaign.linkedTitle')}
        </Title>
        {lists === undefined ? null : lists.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('contactLists.campaign.noneLinked')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {lists.map((l) => (
              <Paper key={l._id} component="li" withBorder radius="md" px="md" py="xs">
                <Group justify="space-between" gap="sm">
                  <Group gap="xs">
                    <Anchor component={Link} to={paths.contactList(l._id)} fw={500}>
                      {l.name}
                    </Anchor>
                    <Text fz="sm" c="dimmed">
                      {t('contactLists.memberCount', { count: l.memberCount })}
                    </Text>
                  </Group>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconUnlink size={14} aria-hidden />}
                    aria-label={t('contactLists.campaign.unlinkLabel', { name: l.name })}
                    onClick={() => {
                      setUnlinking(l);
                      setShown(l);
                    }}
                  >
                    {t('contactLists.campaigns.unlink')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={unlinking !== null}
        title={t('contactLists.campaign.unlinkTitle', { name: shown?.name ?? '' })}
        confirmLabel={t('contactLists.campaigns.unlinkConfirm')}
        color="red"
        focus="cancel"
        loading={unlink.isPending}
        onConfirm={confirm}
        onClose={() => setUnlinking(null)}
      >
        <Text>{t('contactLists.campaign.unlinkText', { title: campaign.title })}</Text>
      </ConfirmDialog>
    </section>
  );
};
