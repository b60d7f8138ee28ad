import { Button, Center, Group, Loader, Paper, Text } from '@mantine/core';
import type { TicketMedia } from '@parley/contract';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTicketMediaUrl } from '../api/get-ticket-media';

/**
 * An image or video the participant attached (D25): private, so fetched with the token and shown
 * through an object URL (revoked when it leaves the page), never linked directly.
 */
export const TicketMediaView = ({
  ticketId,
  media,
  description,
}: {
  ticketId: string;
  media: TicketMedia;
  /** What it is, for screen readers ("Image 1 from Anna Example"). */
  description: string;
}) => {
  const { t } = useTranslation();
  const { url, isError, refetch } = useTicketMediaUrl(ticketId, media._id);
  if (isError) {
    return (
      <Paper withBorder radius="sm" p="xs">
        <Group gap="xs">
          <IconPhotoOff size={18} aria-hidden />
          <Text fz="sm">{t('tickets.media.loadFailed', { what: description })}</Text>
          <Button size="compact-xs" variant="default" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Paper>
    );
  }
  if (!url) {
    return (
      <Center w={160} h={100} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
        <Loader size="sm" aria-label={t('tickets.media.loading', { what: description })} />
      </Center>
    );
  }
  if (media.kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: participants' own recordings come without captions.
      <video
        src={url}
        controls
        preload="metadata"
        aria-label={description}
        style={{ maxWidth: '100%', maxHeight: 360, borderRadius: 4 }}
      />
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={t('tickets.media.openFull', { what: description })}
    >
      <img
        src={url}
        alt={description}
        style={{ maxWidth: '100%', maxHeight: 320, borderRadius: 4, display: 'block' }}
      />
    </a>
  );
};
