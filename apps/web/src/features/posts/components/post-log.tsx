import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Post, PostStateChange } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/use-date-format';

const useActor = () => {
  const { t } = useTranslation();
  return (entry: PostStateChange) => {
    if (entry.actor === 'auto') return t('posts.log.actors.auto');
    if (entry.actor === 'visitors') return t('posts.log.actors.visitors');
    return entry.actorName ?? t('posts.log.actors.owner');
  };
};

/** Every change of the post's state, oldest first: when, from, to, who, and why (a report). */
export const PostStateLog = ({ post }: { post: Post }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const actor = useActor();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="post-log-heading">
      <Title order={2} size="h5" id="post-log-heading" mb="sm">
        {t('posts.log.title')}
      </Title>
      {post.log.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('posts.log.none')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {post.log.map((entry) => (
            <Stack component="li" key={entry._id} gap={0}>
              <Text fz="sm">
                {entry.from
                  ? t('posts.log.change', {
                      from: t(`posts.state.${entry.from}`),
                      to: t(`posts.state.${entry.to}`),
                    })
                  : t('posts.log.created', { to: t(`posts.state.${entry.to}`) })}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('posts.log.byOn', { name: actor(entry), date: formatDateTime(entry.at) })}
              </Text>
              {entry.reason ? (
                <Text fz="xs" style={{ overflowWrap: 'anywhere' }}>
                  {t('posts.log.reason', { reason: entry.reason })}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
};

/** The reasons visitors gave when they reported the post, newest first. */
export const PostReports = ({ post }: { post: Post }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="post-reports-heading">
      <Title order={2} size="h5" id="post-reports-heading" mb="sm">
        {t('posts.reports.title', { count: post.publicReports })}
      </Title>
      {post.reports.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('posts.reports.none')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {post.reports.map((report) => (
            <Stack component="li" key={`${report.at}-${report.reason ?? ''}`} gap={0}>
              <Text fz="sm" fs={report.reason ? undefined : 'italic'} style={{ overflowWrap: 'anywhere' }}>
                {report.reason ?? t('posts.reports.noReason')}
              </Text>
              <Text fz="xs" c="dimmed" component="time" dateTime={report.at}>
                {formatDateTime(report.at)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
};
