import type { ParticipantTicket } from '@parley/contract';
import { IconMailCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Alert, Stack, Text, Title } from '@/components/plain/plain';
import { formatDateTime } from '@/lib/format-date';
import { detectLanguage } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useParticipantTicket } from '../api/get-participant-ticket';
import { LoadProblem, PublicLoading } from './load-state';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider, useSurveyTranslation } from './survey-language';
import { TicketAnswers } from './ticket-answers';

const TicketView = ({ ticket }: { ticket: ParticipantTicket }) => {
  const { t } = useSurveyTranslation();
  // The console's one date helper, in the survey's language: the owner and the participant read
  // the same moment the same way.
  const date = formatDateTime(ticket.createdAt, ticket.campaign.language);
  return (
    <Stack gap={24}>
      <Stack gap={8}>
        <Text dimmed small>
          {t('participation.byManufacturer', { name: ticket.campaign.manufacturerName })}
        </Text>
        <Title order={1} size="h2">
          {ticket.campaign.title}
        </Title>
      </Stack>
      {/* Opening this page is what confirmed the address; a deleted contact's answers have none. */}
      {ticket.contact ? (
        <Alert tone="teal">
          <IconMailCheck size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
          <span>{t('participation.ticket.confirmed', { email: ticket.contact.email })}</span>
        </Alert>
      ) : null}
      <Stack gap={8}>
        <Title order={2} size="h3">
          {t('participation.ticket.title')}
        </Title>
        <Text dimmed>
          {t('participation.ticket.intro', {
            title: ticket.campaign.title,
            name: ticket.campaign.manufacturerName,
            date,
          })}
        </Text>
      </Stack>
      <TicketAnswers answers={ticket.answers} />
    </Stack>
  );
};

/** `/p/t/:token`: the participant's own answers by the private link mailed to them (D10). */
export const TicketPage = ({ token }: { token: string }) => {
  const { data: ticket, error, isPending, refetch } = useParticipantTicket(token);
  // The browser tab and screen readers name the page after the survey.
  useDocumentTitle(ticket?.campaign.title ?? '');
  const language = ticket?.campaign.language ?? detectLanguage();
  let content: ReactNode;
  if (isPending) {
    content = <PublicLoading />;
  } else if (!ticket) {
    content = <LoadProblem error={error} retry={refetch} notFound="ticket" />;
  } else {
    content = <TicketView ticket={ticket} />;
  }
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language} privacyUrl={ticket?.privacyUrl}>
        {content}
      </PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
