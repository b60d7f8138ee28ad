import type { Language, PublicPost } from '@parley/contract';
import { type ReactNode, useId } from 'react';
import { Link, plainClasses, Stack, Text, Title } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { detectLanguage, isLanguage, languages } from '@/lib/language';
import type { FeedbackPageInfo } from '../api/feedback';
import s from './feedback.module.css';
import { ReportPost } from './feedback-report';
import { type FeedbackTextKey, translateFeedback, useFeedbackTranslation } from './feedback-texts';
import { PageMessage } from './page-message';

/** The public feedback page's address (D10): `/p/f/:manufacturerId`. */
export const feedbackPageHref = (manufacturerId: string) => `/p/f/${encodeURIComponent(manufacturerId)}`;

/** A published post's own address: `/p/f/:manufacturerId/post/:postId`. */
export const feedbackPostHref = (manufacturerId: string, postId: string) =>
  `${feedbackPageHref(manufacturerId)}/post/${encodeURIComponent(postId)}`;

/** `?lang=de|en` (a shared link's choice) wins; else the visitor's own language. */
export const initialLanguage = (): Language => {
  const asked = new URLSearchParams(window.location.search).get('lang');
  return isLanguage(asked) ? asked : detectLanguage();
};

/** Remembers the visitor's choice of language in the address, so a reload or a shared link keeps it. */
export const rememberLanguage = (language: Language) => {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', language);
  window.history.replaceState(window.history.state, '', url);
};

export const LanguageSwitch = ({
  language,
  onChange,
}: {
  language: Language;
  onChange: (next: Language) => void;
}) => (
  <select
    className={plainClasses.select}
    aria-label={translateFeedback(language, 'feedbackPage.language')}
    value={language}
    onChange={(event) => {
      const next = event.currentTarget.value;
      if (isLanguage(next)) onChange(next);
    }}
  >
    {languages.map((option) => (
      <option key={option} value={option} lang={option}>
        {translateFeedback(option, 'feedbackPage.languageName')}
      </option>
    ))}
  </select>
);

/** The manufacturer's image and name: the page's first heading. */
export const FeedbackHeader = ({
  info,
  title,
  children,
}: {
  info: Pick<FeedbackPageInfo, 'imageUrl'>;
  title: string;
  children?: ReactNode;
}) => (
  <Stack gap={8}>
    <div className={s.header}>
      {/* The name is the heading beside it: the image says nothing more. */}
      {info.imageUrl ? <img className={s.logo} src={info.imageUrl} alt="" /> : null}
      <Title order={1} size="h2">
        {title}
      </Title>
    </div>
    {children}
  </Stack>
);

/** A link that names no page or post (404, or 400 for anything the server refuses to read). */
export const isBrokenLink = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 400);

/** Why the page's data did not load: a broken link, or something that may pass (retry). */
export const FeedbackLoadProblem = ({
  error,
  retry,
  notFound,
}: {
  error: unknown;
  retry: () => void;
  notFound: { title: FeedbackTextKey; text: FeedbackTextKey };
}) => {
  const { t } = useFeedbackTranslation();
  return isBrokenLink(error) ? (
    <PageMessage title={t(notFound.title)} text={t(notFound.text)} />
  ) : (
    <PageMessage
      title={t('feedbackPage.loadFailed.title')}
      text={t('feedbackPage.loadFailed.text')}
      action={{ label: t('feedbackPage.loadFailed.retry'), onClick: retry }}
    />
  );
};

/** The level of the heading a post sits under: 1 on the author's page (under the page's h1), 2 or 3 beside a post heading. */
type HeadingLevel = 1 | 2 | 3;
const subHeading = { 1: 'h2', 2: 'h3', 3: 'h4' } as const;

/** The manufacturer's answer under a post, styled as theirs, with its date. */
export const OwnerAnswerBox = ({
  answer,
  manufacturerName,
  level,
  of,
}: {
  answer: { text: string; answeredAt: string };
  manufacturerName: string;
  level: HeadingLevel;
  /** In a list of posts, the id of the post's heading: it names the region too, so no two are alike. */
  of?: string;
}) => {
  const { t, date } = useFeedbackTranslation();
  const id = useId();
  const Heading = subHeading[level];
  return (
    <section className={s.answer} aria-labelledby={of ? `${id} ${of}` : id}>
      <Heading id={id} className={s.answerTitle}>
        {t('feedbackPage.post.answerTitle', { name: manufacturerName })}
      </Heading>
      <Text dimmed small>
        <time dateTime={answer.answeredAt}>
          {t('feedbackPage.post.answeredOn', { date: date(answer.answeredAt) })}
        </time>
      </Text>
      <Text preWrap>{answer.text}</Text>
    </section>
  );
};

type Comment = PublicPost['comments'][number];

/** The comments under a post, oldest first; the manufacturer's marked as theirs. */
export const CommentList = ({
  comments,
  level,
  ownName,
  of,
}: {
  comments: readonly Comment[];
  level: HeadingLevel;
  /** As OwnerAnswerBox's. */
  of?: string;
  /** On the author's page, their own comments say "You". */
  ownName?: string;
}) => {
  const { t, date } = useFeedbackTranslation();
  const id = useId();
  if (comments.length === 0) return null;
  const Heading = subHeading[level];
  return (
    <section aria-labelledby={of ? `${id} ${of}` : id}>
      <Heading id={id} className={s.commentsTitle}>
        {t('feedbackPage.post.comments')}
      </Heading>
      <ol className={s.comments} aria-label={t('feedbackPage.post.commentsLabel')}>
        {comments.map((c) => {
          let name = c.authorName;
          if (c.author === 'owner') name = t('feedbackPage.post.manufacturer', { name: c.authorName });
          else if (ownName) name = ownName;
          return (
            <li key={c._id} className={s.comment} data-author={c.author}>
              <p className={s.meta}>
                <span className={s.metaName}>{name}</span>
                <time dateTime={c.createdAt} className={s.date}>
                  {date(c.createdAt)}
                </time>
              </p>
              <Text preWrap>{c.text}</Text>
            </li>
          );
        })}
      </ol>
    </section>
  );
};

/**
 * One published post: its author, date and classification, its text, the manufacturer's answer and
 * the public comments; below, a link to its own page (in the feed) and the report link.
 */
export const PostView = ({
  manufacturerId,
  manufacturerName,
  post,
  level,
  permalink,
}: {
  manufacturerId: string;
  manufacturerName: string;
  post: PublicPost;
  /** The heading level of the author's name: 2 on the post's own page, 3 in the feed. */
  level: 2 | 3;
  /** Whether to link the post's own page (the feed does; the post's page is that page). */
  permalink: boolean;
}) => {
  const { t, date } = useFeedbackTranslation();
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className={s.post} aria-labelledby={`${id}-author`} id={`post-${post._id}`} tabIndex={-1}>
      <div className={s.postHead}>
        <Heading id={`${id}-author`} className={s.author}>
          {post.authorName}
        </Heading>
        <time dateTime={post.createdAt} className={s.date}>
          {t('feedbackPage.post.postedOn', { date: date(post.createdAt) })}
        </time>
      </div>
      <Text preWrap>{post.text}</Text>
      {post.answer ? (
        <OwnerAnswerBox
          answer={post.answer}
          manufacturerName={manufacturerName}
          level={level}
          of={`${id}-author`}
        />
      ) : null}
      <CommentList comments={post.comments} level={level} of={`${id}-author`} />
      <div className={s.postFoot}>
        {permalink ? (
          <Link href={feedbackPostHref(manufacturerId, post._id)}>{t('feedbackPage.post.permalink')}</Link>
        ) : (
          <span />
        )}
        <ReportPost manufacturerId={manufacturerId} post={post} />
      </div>
    </article>
  );
};
