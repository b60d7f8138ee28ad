import { Button, Center, Group, Loader, Paper, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * An image or video someone attached (D25: private, so fetched with the token and shown through
 * an object URL, never linked directly): a loader until its URL is there, a retry when it could
 * not be loaded, the video with its controls, the image linked to itself at full size.
 */
export const PrivateMediaView = ({
  kind,
  url,
  isError,
  onRetry,
  description,
}: {
  kind: 'image' | 'video';
  /** The object URL once the file has loaded. */
  url: string | null;
  isError: boolean;
  onRetry: () => void;
  /** What it is, for screen readers ("Image 1 from Anna Example"). */
  description: string;
}) => {
  const { t } = useTranslation();
  if (isError) {
    return (
      <Paper withBorder radius="sm" p="xs">
        <Group gap="xs">
          <IconPhotoOff size={18} aria-hidden />
          <Text fz="sm">{t('tickets.media.loadFailed', { what: description })}</Text>
          <Button size="compact-xs" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      </Paper>
    );
  }
  if (!url) {
    return (
      <Center w={160} h={100} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
        <Loader size="sm" role="img" aria-label={t('tickets.media.loading', { what: description })} />
      </Center>
    );
  }
  if (kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: people's own recordings come without captions.
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
