import { Alert, Grid, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { Post, TemplateValues } from '@parley/contract';
import { IconClock, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageSkeleton } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordMissing } from '@/components/record-page';
import { paths } from '@/config/paths';
import { useMeSmall } from '@/lib/current-owner';
import { useDateFormat } from '@/lib/use-date-format';
import { usePost } from '../api/get-post';
import { useSetManuType } from '../api/post-mutations';
import { manuTypes } from '../lib/post-states';
import { PostActions } from './post-actions';
import { PostAnswer } from './post-answer';
import { PostAuthor } from './post-author';
import { ManuTypeBadge, PostStateBadge } from './post-badges';
import { PostComments } from './post-comments';
import { PostDelete } from './post-delete';
import { PostReports, PostStateLog } from './post-log';
import { PostMediaView } from './post-media';
import { PostPrivateNote } from './post-private-note';

/** The post itself: its text, the author's media, and the owner's classification. */
const PostBody = ({ post }: { post: Post }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const setManuType = useSetManuType(post._id);
  const date = formatDateTime(post.createdAt);
  return (
    <Stack gap="sm" component="section" aria-labelledby="post-text-heading">
      <Title order={2} size="h4" id="post-text-heading">
        {t('posts.page.textTitle')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Text lang={post.language} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {post.text}
        </Text>
      </Paper>
      {post.media.length > 0 ? (
        <Group
          component="ul"
          gap="xs"
          align="flex-start"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('posts.page.mediaLabel')}
        >
          {post.media.map((m, i) => (
            <li key={m._id}>
              <PostMediaView
                postId={post._id}
                media={m}
                description={t(m.kind === 'video' ? 'tickets.media.video' : 'tickets.media.image', {
                  number: i + 1,
                  name: post.authorName,
                  date,
                })}
              />
            </li>
          ))}
        </Group>
      ) : null}
      <NativeSelect
        label={t('posts.manuType.label')}
        description={t('posts.manuType.hint')}
        data={[
          { value: '', label: t('posts.manuType.none') },
          ...manuTypes.map((value) => ({ value, label: t(`posts.manuType.${value}`) })),
        ]}
        value={post.manuType ?? ''}
        // Not disabled while saving: a keyboard's arrow key changes a closed select at once, and
        // disabling it would drop the focus to the page.
        aria-busy={setManuType.isPending || undefined}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setManuType.mutate(manuTypes.find((m) => m === value) ?? null);
        }}
        maw={280}
      />
    </Stack>
  );
};

/** The page's content for one loaded post; keyed by the post, so drafts never carry over to another. */
const PostWorkspace = ({ post }: { post: Post }) => {
  const { t } = useTranslation();
  const manufacturer = useMeSmall().data?.manufacturer;
  const commentReason = manufacturer?.canComment ? null : t('tickets.comments.notEnabled');
  const noteReason = manufacturer?.canPrivateNote ? null : t('tickets.note.notEnabled');
  const values: TemplateValues = {
    'contact.firstname': post.authorName,
    'contact.lastname': null,
    'campaign.title': null,
    'manufacturer.name': manufacturer?.name ?? null,
  };
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="xl">
          <PostBody post={post} />
          <PostAnswer post={post} values={values} />
          <PostComments post={post} values={values} refusedReason={commentReason} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <PostAuthor post={post} />
          <Paper withBorder p="md" radius="md">
            <PostPrivateNote post={post} refusedReason={noteReason} />
          </Paper>
          <PostStateLog post={post} />
          <PostReports post={post} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
};

/**
 * `/platform/tickets/:id`: one post of the public feedback page (D19): its text and media, the
 * classification, the public answer, the comments, the private note, the author (trusted or
 * not), the state with what may be done with it, the state log and the visitors' reports.
 */
export const PostPage = ({ postId }: { postId: string }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const location = useLocation();
  const { data: post, error, isPending } = usePost(postId);
  const manufacturer = useMeSmall().data?.manufacturer;
  const feedSearch = (location.state as { feedSearch?: unknown } | null)?.feedSearch;
  const back = (
    <BackLink to={`${paths.tickets}${typeof feedSearch === 'string' ? feedSearch : ''}`}>
      {t('posts.page.back')}
    </BackLink>
  );

  if (isPending) {
    return (
      <Stack gap="md">
        {back}
        <PageSkeleton />
      </Stack>
    );
  }
  if (!post) {
    return (
      <RecordMissing
        back={back}
        error={error}
        title={t('posts.page.loadFailedTitle')}
        notFoundTitle={t('posts.page.notFoundTitle')}
        notFoundText={t('posts.page.notFoundText')}
      />
    );
  }

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={post.authorName}
        documentTitle={t('posts.page.documentTitle', { name: post.authorName })}
        description={
          <Group gap="xs" component="span">
            <span>{t('posts.page.subtitle', { date: formatDateTime(post.createdAt) })}</span>
            <PostStateBadge state={post.state} />
            <ManuTypeBadge manuType={post.manuType} />
          </Group>
        }
        actions={
          <Group gap="xs">
            <PostActions post={post} canUnpublish={manufacturer?.canUnpublish ?? false} />
            <PostDelete postId={post._id} canUnpublish={manufacturer?.canUnpublish ?? false} />
          </Group>
        }
      />
      {post.state === 'pending' && post.publishAt ? (
        <Alert color="blue" variant="light" icon={<IconClock size={18} aria-hidden />}>
          {t('posts.page.publishesOn', { date: formatDateTime(post.publishAt) })}
        </Alert>
      ) : null}
      {post.state === 'reported' ? (
        <Alert color="red" variant="light" icon={<IconFlag size={18} aria-hidden />}>
          {t('posts.page.reported')}
        </Alert>
      ) : null}
      <PostWorkspace key={post._id} post={post} />
    </Stack>
  );
};
