import { lazy, Suspense } from 'react';
import { InvitationPage } from '@/features/participation/components/invitation-page';
import { PublicConfigContext } from '@/features/participation/components/public-config';
import { SurveyPage } from '@/features/participation/components/survey-page';
import { TicketPage } from '@/features/participation/components/ticket-page';
import { UnsubscribePage } from '@/features/participation/components/unsubscribe-page';
import { useLightConfig } from '@/lib/use-light-config';
import { PublicFallback } from './public-fallback';

/**
 * The contact-request form (D18) is its own chunk: a survey page, which most visitors open, does
 * not carry it (its page-weight budget); the form's page loads it first, one small file more.
 */
const ContactRequestPage = lazy(() =>
  import('@/features/participation/components/contact-request-page').then((m) => ({
    default: m.ContactRequestPage,
  })),
);

/** The shared results of a campaign (D23) are a chunk of their own too, with their own texts. */
const SharedResultsPage = lazy(() =>
  import('@/features/participation/components/shared-results-page').then((m) => ({
    default: m.SharedResultsPage,
  })),
);

/**
 * The public feedback pages (D19: a manufacturer's page, a post's page, the author's private page, a
 * report's confirmation) are one chunk of their own too, with their own texts; it chooses among them
 * itself.
 */
const FeedbackPages = lazy(() =>
  import('@/features/participation/components/feedback-page').then((m) => ({ default: m.FeedbackPages })),
);

/**
 * `/p/f/:manufacturerId`, and below it `post/:postId`, `mine/:token` and `report/:token`: the parts,
 * still encoded.
 */
const feedbackPath = /^\/p\/f\/([^/]+)(?:\/(post|mine|report)\/([^/]+))?\/?$/;

/**
 * The public pages (D10, `/p/…`) as their own application, built from `public.html` with Preact
 * (docs/architecture.md, "The public pages"): what a participant opens from a mail on a phone loads
 * none of the console (no router, shell, session, component library, query cache, zod or i18next).
 * Each address is one page, so the page is chosen from the path once; links between public pages
 * are plain links. A new page is one more line in `pageFor`.
 */
const pageFor = (pathname: string) => {
  const [, p, kind, id = '', ...rest] = pathname.split('/');
  const single = p === 'p' && rest.filter(Boolean).length === 0 && id !== '';
  if (single && kind === 'c') return <SurveyPage key={id} campaignId={decodeURIComponent(id)} />;
  if (single && kind === 't') return <TicketPage key={id} token={decodeURIComponent(id)} />;
  if (single && kind === 'i') return <InvitationPage key={id} token={decodeURIComponent(id)} />;
  if (single && kind === 'unsubscribe') return <UnsubscribePage key={id} token={decodeURIComponent(id)} />;
  if (single && kind === 'r') {
    return (
      <Suspense fallback={null}>
        <ContactRequestPage key={id} manufacturerId={decodeURIComponent(id)} />
      </Suspense>
    );
  }
  const feedback = feedbackPath.exec(pathname);
  if (feedback) {
    return (
      <Suspense fallback={null}>
        <FeedbackPages key={pathname} path={feedback.slice(1)} />
      </Suspense>
    );
  }
  if (single && kind === 'results') {
    return (
      <Suspense fallback={null}>
        <SharedResultsPage key={id} token={decodeURIComponent(id)} />
      </Suspense>
    );
  }
  return <PublicFallback />;
};

export const PublicApp = ({ pathname }: { pathname: string }) => {
  const config = useLightConfig(pathname);
  return <PublicConfigContext.Provider value={config}>{pageFor(pathname)}</PublicConfigContext.Provider>;
};
