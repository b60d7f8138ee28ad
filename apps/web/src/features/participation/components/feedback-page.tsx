import type { Language, PublicPost } from '@parley/contract';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Link, Row, Stack, Text, Title } from '@/components/plain/plain';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLoad } from '@/lib/use-load';
import { type FeedbackPageInfo, type FeedbackSort, loadFeed, usePublicPost } from '../api/feedback';
import s from './feedback.module.css';
import { FeedbackAuthorPage } from './feedback-author';
import { FeedbackForm } from './feedback-form';
import {
  FeedbackHeader,
  FeedbackLoadProblem,
  feedbackPageHref,
  initialLanguage,
  isBrokenLink,
  LanguageSwitch,
  PostView,
  rememberLanguage,
} from './feedback-shared';
import { translateFeedback, useFeedbackTranslation } from './feedback-texts';
import { PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider } from './survey-language';

/**
 * The feed's posts: the first page by `useLoad` (with its retry), later pages added on request. A
 * change of order starts again from the first page; a post that moved between pages is shown once.
 */
const useFeed = (manufacturerId: string, sort: FeedbackSort) => {
  const key = `feedback:${manufacturerId}:${sort}`;
  const first = useLoad(key, (signal) => loadFeed(manufacturerId, { sort, page: 1 }, signal));
  const [more, setMore] = useState<{ key: string; posts: PublicPost[]; pages: number; total?: number }>({
    key,
    posts: [],
    pages: 1,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const current = useRef(key);
  current.current = key;
  const extra = more.key === key ? more : { key, posts: [], pages: 1 };

  const seen = new Set<string>();
  const posts = [...(first.data?.documents ?? []), ...extra.posts].filter((p) => {
    if (seen.has(p._id)) return false;
    seen.add(p._id);
    return true;
  });
  const total = extra.total ?? first.data?.total ?? 0;

  /** Loads the next page; answers the first post it added (for the focus). */
  const loadMore = async (): Promise<string | undefined> => {
    const page = extra.pages + 1;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const next = await loadFeed(manufacturerId, { sort, page });
      if (current.current !== key) return undefined;
      setMore((m) => ({
        key,
        posts: [...(m.key === key ? m.posts : []), ...next.documents],
        pages: page,
        total: next.total,
      }));
      return next.documents.find((p) => !seen.has(p._id))?._id;
    } catch {
      if (current.current === key) setMoreFailed(true);
      return undefined;
    } finally {
      setLoadingMore(false);
    }
  };

  /** From the first page again (a new post was published). */
  const reload = () => {
    setMore({ key, posts: [], pages: 1 });
    first.refetch();
  };

  return { first, posts, total, loadMore, loadingMore, moreFailed, reload };
};

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

const FeedView = ({
  manufacturerId,
  info,
  feed,
  sort,
  onSort,
  onGone,
}: {
  manufacturerId: string;
  info: FeedbackPageInfo;
  feed: ReturnType<typeof useFeed>;
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

/** The public feedback pages' frame: the page language, its switch, the layout with the privacy link. */
const FeedbackFrame = ({
  language,
  onLanguage,
  privacyUrl,
  imprintUrl,
  children,
}: {
  language: Language;
  onLanguage?: (next: Language) => void;
  privacyUrl?: string | null | undefined;
  imprintUrl?: string | null | undefined;
  children: ReactNode;
}) => (
  <SurveyLanguageProvider language={language}>
    <PublicPageLayout language={language} privacyUrl={privacyUrl} imprintUrl={imprintUrl}>
      <Stack gap={12}>
        {onLanguage ? (
          <Row style={{ justifyContent: 'flex-end' }}>
            <LanguageSwitch language={language} onChange={onLanguage} />
          </Row>
        ) : null}
        {children}
      </Stack>
    </PublicPageLayout>
  </SurveyLanguageProvider>
);

/** The visitor's language: `?lang=`, else their own; a choice is kept in the address. */
const usePageLanguage = () => {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const choose = (next: Language) => {
    setLanguage(next);
    rememberLanguage(next);
  };
  return [language, choose] as const;
};

const notFoundPage = { title: 'feedbackPage.notFound.title', text: 'feedbackPage.notFound.text' } as const;

/**
 * `/p/f/:manufacturerId`: a manufacturer's public feedback page (D19): its name and image, the form
 * to post feedback, and the published posts with the manufacturer's answers and the comments, newest
 * or most recently active first, a page at a time. In German or English (`?lang=`, else the visitor's
 * language), with a switch. A lazy chunk of its own with its own texts (`locales/feedback-page/`).
 */
export const FeedbackPage = ({ manufacturerId }: { manufacturerId: string }) => {
  const [language, choose] = usePageLanguage();
  const [sort, setSort] = useState<FeedbackSort>('newest');
  const [gone, setGone] = useState(false);
  const feed = useFeed(manufacturerId, sort);
  // Whose page it is stays on screen while another order loads.
  const info = useRef<FeedbackPageInfo | undefined>(undefined);
  if (feed.first.data) info.current = feed.first.data.page;
  const page = info.current;
  let title = '';
  if (page && !gone)
    title = translateFeedback(language, 'feedbackPage.pageTitle', { name: page.manufacturerName });
  else if (gone || !feed.first.isPending) title = translateFeedback(language, 'feedbackPage.notFound.title');
  useDocumentTitle(title);

  let content: ReactNode;
  if (gone) {
    content = (
      <PageMessage
        focus
        title={translateFeedback(language, 'feedbackPage.notFound.title')}
        text={translateFeedback(language, 'feedbackPage.notFound.text')}
      />
    );
  } else if (page) {
    content = (
      <FeedView
        manufacturerId={manufacturerId}
        info={page}
        feed={feed}
        sort={sort}
        onSort={setSort}
        onGone={() => setGone(true)}
      />
    );
  } else if (feed.first.isPending) {
    content = <PublicLoading />;
  } else {
    content = (
      <FeedbackLoadProblem error={feed.first.error} retry={feed.first.refetch} notFound={notFoundPage} />
    );
  }
  return (
    <FeedbackFrame
      language={language}
      onLanguage={choose}
      privacyUrl={page?.privacyUrl}
      imprintUrl={page?.imprintUrl}
    >
      {content}
    </FeedbackFrame>
  );
};

/** A post that is not (or no longer) public, with the way back to the page. */
const NotPublic = ({ manufacturerId }: { manufacturerId: string }) => {
  const { t } = useFeedbackTranslation();
  return (
    <Stack gap={16}>
      <PageMessage
        title={t('feedbackPage.post.notPublic.title')}
        text={t('feedbackPage.post.notPublic.text')}
      />
      <Row style={{ justifyContent: 'center' }}>
        <Link href={feedbackPageHref(manufacturerId)}>{t('feedbackPage.post.backToPage')}</Link>
      </Row>
    </Stack>
  );
};

/**
 * `/p/f/:manufacturerId/post/:postId`: one published post with the manufacturer's answer and the
 * comments, its report link and the way back to the page. A post that is not public (any more) is
 * said so in friendly words.
 */
export const FeedbackPostPage = ({ manufacturerId, postId }: { manufacturerId: string; postId: string }) => {
  const [language, choose] = usePageLanguage();
  const { data: post, error, isPending, refetch } = usePublicPost(manufacturerId, postId);
  const name = post?.page.manufacturerName;
  useDocumentTitle(
    name
      ? translateFeedback(language, 'feedbackPage.pageTitle', { name })
      : isPending
        ? ''
        : translateFeedback(language, 'feedbackPage.post.notPublic.title'),
  );

  let content: ReactNode;
  if (isPending) content = <PublicLoading />;
  else if (!post) {
    content = isBrokenLink(error) ? (
      <NotPublic manufacturerId={manufacturerId} />
    ) : (
      <FeedbackLoadProblem error={error} retry={refetch} notFound={notFoundPage} />
    );
  } else {
    content = <FeedbackPostView manufacturerId={manufacturerId} post={post} />;
  }
  return (
    <FeedbackFrame
      language={language}
      onLanguage={choose}
      privacyUrl={post?.page.privacyUrl}
      imprintUrl={post?.page.imprintUrl}
    >
      {content}
    </FeedbackFrame>
  );
};

const FeedbackPostView = ({
  manufacturerId,
  post,
}: {
  manufacturerId: string;
  post: PublicPost & { page: FeedbackPageInfo };
}) => {
  const { t } = useFeedbackTranslation();
  const name = post.page.manufacturerName;
  return (
    <Stack gap={24}>
      <FeedbackHeader info={post.page} title={t('feedbackPage.title', { name })}>
        <Link href={feedbackPageHref(manufacturerId)}>{t('feedbackPage.post.back', { name })}</Link>
      </FeedbackHeader>
      <PostView
        manufacturerId={manufacturerId}
        manufacturerName={name}
        post={post}
        level={2}
        permalink={false}
      />
    </Stack>
  );
};

/**
 * A report's confirmation page is a chunk of its own: few visitors open it, and the feedback page,
 * which many open, does not carry it (its page-weight budget).
 */
const FeedbackReportConfirmPage = lazy(() =>
  import('./feedback-report-confirm').then((m) => ({ default: m.FeedbackReportConfirmPage })),
);

/** A path part decoded, or null for a malformed escape (`%E0%A4%A`), which names nothing. */
const decoded = (part: string | undefined) => {
  try {
    return part === undefined ? undefined : decodeURIComponent(part);
  } catch {
    return null;
  }
};

/**
 * The feedback chunk's page for its path (public-app.tsx matched its shape, still encoded):
 * `[manufacturerId]`, `[manufacturerId, 'post', postId]`, `[manufacturerId, 'mine', token]` or
 * `[manufacturerId, 'report', token]`.
 */
export const FeedbackPages = ({ path }: { path: readonly (string | undefined)[] }) => {
  const [id, sub, value] = path.map(decoded);
  if (id && sub === 'post' && value) return <FeedbackPostPage manufacturerId={id} postId={value} />;
  if (id && sub === 'mine' && value) return <FeedbackAuthorPage token={value} />;
  if (id && sub === 'report' && value) {
    return (
      <Suspense fallback={null}>
        <FeedbackReportConfirmPage token={value} />
      </Suspense>
    );
  }
  // A malformed address asks the server anyway, which answers that it names no page.
  return <FeedbackPage manufacturerId={id ?? path[0] ?? ''} />;
};
