import { Badge, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { Post } from '@parley/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notifications';
import { useDateFormat } from '@/lib/use-date-format';
import { useTrustAuthor } from '../api/post-mutations';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <div>{children}</div>
  </Stack>
);

/** Who wrote the post, whether the owner trusts them (a switch), whether they confirmed their address, when. */
export const PostAuthor = ({ post }: { post: Post }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const trust = useTrustAuthor(post._id);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="post-author-heading">
      <Title order={2} size="h5" id="post-author-heading" mb="sm">
        {t('posts.author.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
        <Field label={t('posts.author.name')}>
          <Group gap="xs">
            <Text style={{ overflowWrap: 'anywhere' }}>{post.authorName}</Text>
            {post.authorTrusted ? (
              <Badge color="teal" variant="light" size="sm">
                {t('posts.author.trusted')}
              </Badge>
            ) : null}
          </Group>
        </Field>
        <Field label={t('posts.author.email')}>
          <Text style={{ overflowWrap: 'anywhere' }}>{post.authorEmail}</Text>
        </Field>
        <Field label={t('posts.author.confirmation')}>
          <Badge color={post.emailConfirmed ? 'teal' : 'orange'} variant="light" size="sm">
            {post.emailConfirmed ? t('posts.author.confirmed') : t('posts.author.unconfirmed')}
          </Badge>
        </Field>
        <Field label={t('posts.author.date')}>
          <Text>{formatDateTime(post.createdAt)}</Text>
        </Field>
        <Field label={t('posts.author.language')}>
          <Text>{t(`components.translation.languages.${post.language}`)}</Text>
        </Field>
      </SimpleGrid>
      <Switch
        mt="md"
        label={t('posts.author.trust')}
        description={t('posts.author.trustHint')}
        checked={post.authorTrusted}
        disabled={trust.isPending}
        onChange={(e) => {
          const trusted = e.currentTarget.checked;
          trust.mutate(trusted, {
            onSuccess: () =>
              notifySuccess({
                title: trusted ? t('posts.author.trustedDone') : t('posts.author.untrustedDone'),
                message: trusted ? t('posts.author.trustedDoneText', { name: post.authorName }) : '',
              }),
          });
        }}
      />
      {post.mailsOff ? (
        <Text fz="sm" c="dimmed" mt="sm">
          {t('posts.author.mailsOff')}
        </Text>
      ) : null}
    </Paper>
  );
};
