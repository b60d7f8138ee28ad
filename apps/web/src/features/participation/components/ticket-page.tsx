import { Component, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { detectLanguage } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useParticipantTicket } from '../api/get-participant-ticket';
import { LoadProblem, PublicLoading } from './load-state';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider } from './survey-language';

/**
 * The ticket's view (the answers, the owner's answer, the conversation, the reply form and the mail
 * setting) is a chunk of its own with its own texts: the survey page, which most participants open,
 * does not carry it (docs/architecture.md, "The public pages"). The page starts loading it at once,
 * beside the ticket itself, so neither waits for the other.
 */
const importView = () => import('./ticket-view');
const TicketView = lazy(() => importView().then((m) => ({ default: m.TicketView })));

/** A chunk that did not load (a dropped line, a new deploy) says so with a retry, not a blank page. */
class ViewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <LoadProblem error={null} retry={() => window.location.reload()} notFound="ticket" />;
  }
}

/**
 * `/p/t/:token`: the participant's ticket by the private link mailed to them (D10, D14): their
 * answers, the owner's answer and the conversation, where they reply (with images and videos) and
 * choose whether its mails reach them. In the survey's language.
 */
export const TicketPage = ({ token }: { token: string }) => {
  const { data: ticket, error, isPending, refetch } = useParticipantTicket(token);
  useEffect(() => {
    // The chunk's failure is the boundary's to show, when the view renders.
    importView().catch(() => undefined);
  }, []);
  // The browser tab and screen readers name the page after the survey.
  useDocumentTitle(ticket?.campaign.title ?? '');
  const language = ticket?.campaign.language ?? detectLanguage();
  let content: ReactNode;
  if (isPending) {
    content = <PublicLoading />;
  } else if (!ticket) {
    content = <LoadProblem error={error} retry={refetch} notFound="ticket" />;
  } else {
    content = (
      <ViewBoundary>
        <Suspense fallback={<PublicLoading />}>
          <TicketView token={token} ticket={ticket} />
        </Suspense>
      </ViewBoundary>
    );
  }
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language} privacyUrl={ticket?.privacyUrl} imprintUrl={ticket?.imprintUrl}>
        {content}
      </PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
