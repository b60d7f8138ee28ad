import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { FeedbackPageInfo, FeedbackSort } from '../api/feedback';
import { FeedbackAuthorPage } from './feedback-author';
import { FeedView } from './feedback-feed';
import { FeedbackFrame, feedbackNotFoundPage, usePageLanguage } from './feedback-frame';
import { FeedbackPostPage } from './feedback-post-page';
import { FeedbackLoadProblem } from './feedback-shared';
import { translateFeedback } from './feedback-texts';
import { PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { useFeed } from './use-feed';

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
      <FeedbackLoadProblem
        error={feed.first.error}
        retry={feed.first.refetch}
        notFound={feedbackNotFoundPage}
      />
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
