import { type ReactNode, useEffect, useId, useState } from 'react';
import { Alert, Button, Row, Stack, Text, Title } from '@/components/plain/plain';
import type { FeedbackPageInfo, FeedbackSort } from '../api/feedback';
import s from './feedback.module.css';
import { FeedbackForm } from './feedback-form';
import { FeedbackHeader, PostView } from './feedback-shared';
import { useFeedbackTranslation } from './feedback-texts';
import { PublicLoading } from './load-state';
import type { Feed } from './use-feed';

const SortToggle = ({ sort, onChange }: { sort: FeedbackSort; onChange: (next: FeedbackSort) => void }) => {
  const { t } = useFeedbackTranslation();
  const options: FeedbackSort[] = ['newest', 'activity'];
  return (
    // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a fieldset of form controls.
    <div className={s.toggle} role="group" aria-label={t('feedbackPage.posts.order')}>
      {options.map((option) => (
        <Button
          key={option}
          compact
          variant={sort === option ? 'filled' : 'subtle'}
          aria-pressed={sort === option}
          onClick={() => onChange(option)}
        >
          {t(`feedbackPage.posts.${option}`)}
        </Button>
      ))}
    </div>
  );
};

/** A manufacturer's feedback page once it is known: its header, the form, the posts a page at a time. */
export const FeedView = ({
  manufacturerId,
  info,
  feed,
  sort,
  onSort,
  onGone,
}: {
  manufacturerId: string;
  info: FeedbackPageInfo;
  feed: Feed;
  sort: FeedbackSort;
  onSort: (next: FeedbackSort) => void;
  onGone: () => void;
}) => {
  const { t } = useFeedbackTranslation();
  const id = useId();
  const name = info.manufacturerName;
  const [focusPost, setFocusPost] = useState<string | undefined>();
  useEffect(() => {
    if (focusPost) document.getElementById(`post-${focusPost}`)?.focus();
  }, [focusPost]);

  let list: ReactNode;
  if (feed.first.isPending) list = <PublicLoading />;
  else if (!feed.first.data) {
    list = (
      <Alert tone="red" role="alert">
        <Stack gap={8}>
          <span>{t('feedbackPage.loadFailed.text')}</span>
          <div>
            <Button variant="default" compact onClick={feed.first.refetch}>
              {t('feedbackPage.loadFailed.retry')}
            </Button>
          </div>
        </Stack>
      </Alert>
    );
  } else if (feed.posts.length === 0) list = <Text dimmed>{t('feedbackPage.posts.empty')}</Text>;
  else {
    list = (
      <ol className={s.posts} aria-label={t('feedbackPage.posts.label')}>
        {feed.posts.map((post) => (
          <li key={post._id}>
            <PostView
              manufacturerId={manufacturerId}
              manufacturerName={name}
              post={post}
              level={3}
              permalink
            />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Stack gap={32}>
      <FeedbackHeader info={info} title={t('feedbackPage.title', { name })}>
        <Text dimmed>{t('feedbackPage.intro', { name })}</Text>
      </FeedbackHeader>
      <div className={s.post}>
        <FeedbackForm
          manufacturerId={manufacturerId}
          info={info}
          onGone={onGone}
          onSent={(state) => {
            if (state === 'published') feed.reload();
          }}
        />
      </div>
      <section aria-labelledby={`${id}-posts`}>
        <Stack gap={16}>
          <div className={s.toolbar}>
            <Stack gap={2}>
              <Title order={2} size="h3" id={`${id}-posts`}>
                {t('feedbackPage.posts.title')}
              </Title>
              {feed.first.data ? (
                <Text dimmed small>
                  {t('feedbackPage.posts.count', { count: feed.total })}
                </Text>
              ) : null}
            </Stack>
            <SortToggle sort={sort} onChange={onSort} />
          </div>
          {list}
          {feed.moreFailed ? (
            <Alert tone="red" role="alert">
              {t('feedbackPage.posts.moreFailed')}
            </Alert>
          ) : null}
          {feed.first.data && feed.posts.length < feed.total ? (
            <Row style={{ justifyContent: 'center' }}>
              <Button
                variant="light"
                loading={feed.loadingMore}
                onClick={() => void feed.loadMore().then((added) => added && setFocusPost(added))}
              >
                {t('feedbackPage.posts.more')}
              </Button>
            </Row>
          ) : null}
        </Stack>
      </section>
    </Stack>
  );
};
