import type { AuthorPost, PostMedia } from '@parley/contract';
import { limits } from '@parley/contract/plain';
import { IconMailOff } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Link, Paper, Row, Stack, Text, TextArea, Title } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  type AuthorComment,
  loadAuthorMedia,
  sendAuthorComment,
  setAuthorMailsOff,
  useAuthorPost,
} from '../api/feedback';
import s from './feedback.module.css';
import {
  CommentList,
  FeedbackHeader,
  FeedbackLoadProblem,
  feedbackPostHref,
  initialLanguage,
  OwnerAnswerBox,
} from './feedback-shared';
import { type FeedbackTextKey, translateFeedback, useFeedbackTranslation } from './feedback-texts';
import { PublicLoading } from './load-state';
import m from './media-input.module.css';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider } from './survey-language';

/** Whether the page was opened from the unsubscribe link of a post's mail (`?mails=off`). */
const askedToStopMails = () => new URLSearchParams(window.location.search).get('mails') === 'off';

/**
 * The mails of this post, on or off, saved at once (PUT …/mails), one request at a time: `save`
 * answers whether it was saved, or null when it was ignored because one is on its way.
 */
const useAuthorMails = (token: string, initial: boolean) => {
  const [mailsOff, setMailsOff] = useState(initial);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const save = async (off: boolean): Promise<boolean | null> => {
    if (busy.current) return null;
    busy.current = true;
    setSaving(true);
    try {
      const stored = await setAuthorMailsOff(token, off);
      setMailsOff(stored.mailsOff);
      return true;
    } catch {
      return false;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };
  return { mailsOff, saving, save };
};

type Mails = ReturnType<typeof useAuthorMails>;

/**
 * "Stop emails about this post?": what the unsubscribe link of a post's mail opens, as on the ticket
 * page. Nothing changes until the author confirms (a mail scanner that opens the link must not turn
 * the mails off); then the confirmation takes the banner's place and the focus.
 */
const StopMailsBanner = ({ mails, manufacturerName }: { mails: Mails; manufacturerName: string }) => {
  const { t } = useFeedbackTranslation();
  const id = useId();
  // Off already when the page opened: said as such, with nothing to confirm.
  const [already] = useState(mails.mailsOff);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const confirm = async () => {
    setFailed(false);
    const saved = await mails.save(true);
    if (saved) setDone(true);
    else if (saved === false) setFailed(true);
  };

  if (already || done) {
    return (
      <Alert tone="teal">
        <IconMailOff size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
        <div>
          <Title order={2} size="h5" ref={heading} tabIndex={-1}>
            {t('feedbackPage.author.stopMails.doneTitle')}
          </Title>
          <span>
            {t(done ? 'feedbackPage.author.stopMails.doneText' : 'feedbackPage.author.stopMails.alreadyText')}
          </span>
        </div>
      </Alert>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <Paper style={{ borderColor: 'var(--p-primary)', borderWidth: 2 }}>
        <Stack gap={8}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {t('feedbackPage.author.stopMails.title')}
          </Title>
          <Text>{t('feedbackPage.author.stopMails.text', { name: manufacturerName })}</Text>
          {failed ? (
            <Alert tone="red" role="alert">
              {t('feedbackPage.author.stopMails.failed')}
            </Alert>
          ) : null}
          <div>
            <Button onClick={() => void confirm()} loading={mails.saving}>
              {t('feedbackPage.author.stopMails.confirm')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </section>
  );
};

/** "Emails about this post": a switch that saves at once, its state said in words beside it. */
const MailsSwitch = ({ mails, manufacturerName }: { mails: Mails; manufacturerName: string }) => {
  const { t } = useFeedbackTranslation();
  const id = useId();
  const [failed, setFailed] = useState(false);
  const on = !mails.mailsOff;
  const toggle = async () => {
    setFailed(false);
    if ((await mails.save(on)) === false) setFailed(true);
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <Stack gap={8}>
        <Title order={2} size="h4" id={`${id}-title`}>
          {t('feedbackPage.author.mails.title')}
        </Title>
        <div className={m.switchRow}>
          <input
            id={`${id}-switch`}
            type="checkbox"
            role="switch"
            className={m.switch}
            checked={on}
            aria-checked={on}
            // Not disabled while saving: that would take the focus away. A second change waits its turn.
            aria-busy={mails.saving || undefined}
            aria-describedby={`${id}-state`}
            onChange={() => void toggle()}
          />
          <div style={{ display: 'flex', flexDirection: 'column', gap: '0.125rem' }}>
            <label htmlFor={`${id}-switch`} style={{ fontWeight: 600, cursor: 'pointer' }}>
              {t('feedbackPage.author.mails.label')}
            </label>
            <span id={`${id}-state`} style={{ color: 'var(--p-dimmed)', fontSize: '0.875rem' }}>
              {on
                ? t('feedbackPage.author.mails.on', { name: manufacturerName })
                : t('feedbackPage.author.mails.off')}
            </span>
          </div>
        </div>
        {failed ? (
          <Alert tone="red" role="alert">
            {t('feedbackPage.author.mails.failed')}
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
};

/**
 * One of the author's files, fetched by the private link's token and shown through an object URL
 * (freed when the page goes).
 */
const AuthorMediaItem = ({ token, media, number }: { token: string; media: PostMedia; number: number }) => {
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

/** Why a comment was not sent. */
const commentProblemOf = (error: unknown): FeedbackTextKey => {
  if (isApiError(error)) {
    if (error.status === 429) return 'feedbackPage.author.comment.tooMany';
    if (error.status === 400) return 'feedbackPage.author.comment.invalid';
    if (error.status === 404 || error.code === 'post/gone') return 'feedbackPage.author.comment.gone';
  }
  return 'feedbackPage.author.comment.failed';
};

/** The author's comment under their post (public too once the post is). */
const CommentForm = ({
  token,
  published,
  onSent,
}: {
  token: string;
  published: boolean;
  onSent: (comment: AuthorComment) => void;
}) => {
  const { t } = useFeedbackTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [required, setRequired] = useState(false);
  const [problem, setProblem] = useState<FeedbackTextKey | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const busy = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setSent(false);
    setProblem(null);
    const value = text.trim();
    if (!value) {
      setRequired(true);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      const comment = await sendAuthorComment(token, value);
      setText('');
      setSent(true);
      onSent(comment);
    } catch (error) {
      setProblem(commentProblemOf(error));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const tooLong = text.trim().length > limits.textMax;
  return (
    <section aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap={12}>
          <Title order={2} size="h3" id={`${id}-title`}>
            {t('feedbackPage.author.comment.title')}
          </Title>
          {published ? (
            <Text dimmed small>
              {t('feedbackPage.author.comment.public')}
            </Text>
          ) : null}
          <TextArea
            id={`${id}-text`}
            label={t('feedbackPage.author.comment.label')}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setRequired(false);
              setSent(false);
            }}
            error={
              required
                ? t('feedbackPage.author.comment.required')
                : tooLong
                  ? t('participation.errors.tooLong', { max: limits.textMax })
                  : null
            }
            description={t('participation.freeText.counter', {
              count: text.trim().length,
              max: limits.textMax,
            })}
          />
          {problem ? (
            <Alert tone="red" role="alert">
              {t(problem)}
            </Alert>
          ) : null}
          <div role="status">
            {sent ? <Alert tone="teal">{t('feedbackPage.author.comment.sent')}</Alert> : null}
          </div>
          <Row style={{ justifyContent: 'flex-end' }}>
            <Button type="submit" loading={sending} disabled={tooLong}>
              {t('feedbackPage.author.comment.send')}
            </Button>
          </Row>
        </Stack>
      </form>
    </section>
  );
};

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
