import type { AuthorPost } from '@parley/contract';
import { type ReactNode, useState } from 'react';
import { Alert, Link, Stack, Text } from '@/components/plain/plain';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type AuthorComment, useAuthorPost } from '../api/feedback';
import s from './feedback.module.css';
import { CommentForm } from './feedback-author-comment';
import { MailsSwitch, StopMailsBanner } from './feedback-author-mails';
import { AuthorMediaItem } from './feedback-author-media';
import {
  CommentList,
  FeedbackHeader,
  FeedbackLoadProblem,
  feedbackPostHref,
  initialLanguage,
  OwnerAnswerBox,
} from './feedback-shared';
import { translateFeedback, useFeedbackTranslation } from './feedback-texts';
import { PublicLoading } from './load-state';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider } from './survey-language';
import { useAuthorMails } from './use-author-mails';

/** Whether the page was opened from the unsubscribe link of a post's mail (`?mails=off`). */
const askedToStopMails = () => new URLSearchParams(window.location.search).get('mails') === 'off';

/** Where the post stands: waiting for review, public (with its link), or not public. */
const StateNote = ({ post }: { post: AuthorPost }) => {
  const { t } = useFeedbackTranslation();
  const name = post.manufacturerName;
  if (post.state === 'published') {
    return (
      <Alert tone="teal">
        <span>
          {t('feedbackPage.author.state.published', { name })}{' '}
          <Link href={feedbackPostHref(post.manufacturerId, post._id)}>
            {t('feedbackPage.author.state.publicLink')}
          </Link>
        </span>
      </Alert>
    );
  }
  if (post.state === 'pending') {
    return <Alert tone="blue">{t('feedbackPage.author.state.pending', { name })}</Alert>;
  }
  return <Alert tone="blue">{t('feedbackPage.author.state.hidden', { name })}</Alert>;
};

const AuthorView = ({ token, post }: { token: string; post: AuthorPost }) => {
  const { t, date } = useFeedbackTranslation();
  const name = post.manufacturerName;
  // The comments sent from this page since it loaded, after the ones it loaded with.
  const [sent, setSent] = useState<AuthorComment[]>([]);
  const [stopAsked] = useState(askedToStopMails);
  const mails = useAuthorMails(token, post.mailsOff);
  useDocumentTitle(t('feedbackPage.author.pageTitle', { name }));
  return (
    <Stack gap={24}>
      <FeedbackHeader info={{ imageUrl: null }} title={t('feedbackPage.author.title', { name })}>
        <StateNote post={post} />
      </FeedbackHeader>
      {stopAsked ? <StopMailsBanner mails={mails} manufacturerName={name} /> : null}
      <article className={s.post} aria-label={t('feedbackPage.form.text')}>
        <div className={s.postHead}>
          <span className={s.author}>{post.authorName}</span>
          <time dateTime={post.createdAt} className={s.date}>
            {t('feedbackPage.author.postedOn', { date: date(post.createdAt) })}
          </time>
        </div>
        <Text preWrap>{post.text}</Text>
        {post.media.length > 0 ? (
          <ul className={s.media} aria-label={t('feedbackPage.author.media')}>
            {post.media.map((m, i) => (
              <li key={m._id}>
                <AuthorMediaItem token={token} media={m} number={i + 1} />
              </li>
            ))}
          </ul>
        ) : null}
        {/* Under the page's h1: the post has no heading of its own here (docs/product-decisions.md, Console). */}
        {post.answer ? <OwnerAnswerBox answer={post.answer} manufacturerName={name} level={1} /> : null}
        <CommentList
          comments={[...post.comments, ...sent]}
          level={1}
          ownName={t('feedbackPage.author.you')}
        />
      </article>
      <CommentForm
        token={token}
        published={post.state === 'published'}
        onSent={(comment) => setSent((all) => [...all, comment])}
      />
      <MailsSwitch mails={mails} manufacturerName={name} />
    </Stack>
  );
};

const notFoundLink = {
  title: 'feedbackPage.author.notFound.title',
  text: 'feedbackPage.author.notFound.text',
} as const;

/**
 * `/p/f/:manufacturerId/mine/:token`: the author's own post by the private link mailed to them (D19),
 * in any state, with a note on where it stands, their files, the manufacturer's answer, the comments
 * with a form to add one, and whether the post's mails reach them. In the post's language.
 */
export const FeedbackAuthorPage = ({ token }: { token: string }) => {
  const { data: post, error, isPending, refetch } = useAuthorPost(token);
  const [fallback] = useState(initialLanguage);
  const language = post?.language ?? fallback;
  useDocumentTitle(
    !post && !isPending ? translateFeedback(language, 'feedbackPage.author.notFound.title') : '',
  );
  let content: ReactNode;
  if (isPending) content = <PublicLoading />;
  else if (!post) content = <FeedbackLoadProblem error={error} retry={refetch} notFound={notFoundLink} />;
  else content = <AuthorView token={token} post={post} />;
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language}>{content}</PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
