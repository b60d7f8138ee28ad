import { Anchor, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PostListItem } from '@parley/contract';
import { IconFlag, IconMessage, IconPhoto } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';
import { ManuTypeBadge, PostStateBadge } from './post-badges';

/** Something new of the author's: a dot a screen reader names, beside the author in bold. */
export const NewMarker = () => {
  const { t } = useTranslation();
  const label = t('posts.feed.newMarker');
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      w={10}
      h={10}
      bg="blue.8"
      style={{ borderRadius: '50%', flexShrink: 0, display: 'inline-block' }}
    />
  );
};

/** One count of a row: an icon and the number seen, the whole sentence heard. */
const Count = ({
  icon: Icon,
  value,
  label,
  color,
}: {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  value: number;
  label: string;
  color?: string;
}) => (
  <Group gap={4} wrap="nowrap" title={label} c={color}>
    <Icon size={16} aria-hidden />
    <Text fz="sm" aria-hidden>
      {value}
    </Text>
    <VisuallyHidden>{label}</VisuallyHidden>
  </Group>
);

/**
 * The feed's columns: the author (bold with a dot while something is new), the excerpt (with the
 * day auto-publish will publish it), state and classification, the counts, and the dates.
 */
export const usePostColumns = (): ResponsiveColumn<PostListItem>[] => {
  const { t } = useTranslation();
  const { formatDate, formatDateTime } = useDateFormat();
  const { search } = useLocation();
  const weight = (post: PostListItem) => (post.hasNew ? 700 : undefined);
  return [
    {
      key: 'author',
      header: t('posts.feed.columns.author'),
      primary: true,
      cell: (post) => (
        <Group gap={6} wrap="nowrap" align="center">
          {post.hasNew ? <NewMarker /> : null}
          {/* The feed's address goes along, so the post leads back to the same feed. */}
          <Anchor
            component={Link}
            to={paths.ticket(post._id)}
            state={{ feedSearch: search }}
            fw={weight(post) ?? 500}
            style={{ overflowWrap: 'anywhere' }}
          >
            {post.authorName}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'excerpt',
      header: t('posts.feed.columns.excerpt'),
      cell: (post) => (
        <Stack gap={2}>
          <Text fz="sm" lineClamp={2} fw={weight(post)} maw={380} style={{ overflowWrap: 'anywhere' }}>
            {post.excerpt}
          </Text>
          {post.publishAt && post.state === 'pending' ? (
            <Text fz="xs" c="dimmed">
              {t('posts.feed.publishesOn', { date: formatDateTime(post.publishAt) })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('posts.feed.columns.state'),
      cell: (post) => (
        <Group gap={4}>
          <PostStateBadge state={post.state} />
          <ManuTypeBadge manuType={post.manuType} />
        </Group>
      ),
    },
    {
      key: 'counts',
      header: t('posts.feed.columns.counts'),
      cell: (post) => (
        // Wraps in a phone's card beside a long German header (docs/product-decisions.md, Console).
        <Group gap="sm">
          <Count
            icon={IconMessage}
            value={post.commentCount}
            label={t('posts.feed.comments', { count: post.commentCount })}
          />
          <Count
            icon={IconPhoto}
            value={post.mediaCount}
            label={t('posts.feed.media', { count: post.mediaCount })}
          />
          <Count
            icon={IconFlag}
            value={post.publicReports}
            label={t('posts.feed.reports', { count: post.publicReports })}
            color={post.publicReports > 0 ? 'red' : undefined}
          />
        </Group>
      ),
    },
    {
      key: 'date',
      header: t('posts.feed.columns.date'),
      cell: (post) => (
        <Stack gap={0}>
          <Text fz="sm" fw={weight(post)} component="time" dateTime={post.createdAt}>
            {formatDate(post.createdAt)}
          </Text>
          {post.lastActivityAt !== post.createdAt ? (
            <Text fz="xs" c="dimmed">
              {t('posts.feed.lastActivity', { date: formatDate(post.lastActivityAt) })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];
};
