import type { PostMedia } from '@parley/contract';
import { useEffect, useState } from 'react';
import { Text } from '@/components/plain/plain';
import { loadAuthorMedia } from '../api/feedback';
import { useFeedbackTranslation } from './feedback-texts';

/**
 * One of the author's files, fetched by the private link's token and shown through an object URL
 * (freed when the page goes).
 */
export const AuthorMediaItem = ({
  token,
  media,
  number,
}: {
  token: string;
  media: PostMedia;
  number: number;
}) => {
  const { t } = useFeedbackTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    loadAuthorMedia(token, media._id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted || typeof URL.createObjectURL !== 'function') return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [token, media._id]);

  if (failed)
    return (
      <Text dimmed small>
        {t('feedbackPage.author.mediaFailed')}
      </Text>
    );
  if (!src) return null;
  return media.kind === 'image' ? (
    <img src={src} alt={t('feedbackPage.author.imageAlt', { number })} />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: an author's own clip has no captions to offer.
    <video
      src={src}
      controls
      preload="metadata"
      aria-label={t('feedbackPage.author.videoLabel', { number })}
    />
  );
};
