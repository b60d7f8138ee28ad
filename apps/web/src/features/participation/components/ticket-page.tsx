import { Alert, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { currentLanguage } from '@/lib/i18n';
import { useParticipantTicket } from '../api/get-participant-ticket';
import { LoadProblem, PublicLoading } from './load-state';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider, useSurveyTranslation } from './survey-language';
import { TicketAnswers } from './ticket-answers';

type Ticket = NonNullable<ReturnType<typeof useParticipantTicket>['data']>;

const TicketView = ({ ticket }: { ticket: Ticket }) => {
  const { t } = useSurveyTranslation();
  // The console's one date helper, in the survey's language: the owner and the participant read
  // the same moment the same way.
  const date = formatDateTime(ticket.createdAt, ticket.campaign.language);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text fz="sm" c="dimmed">
          {t('participation.byManufacturer', { name: ticket.campaign.manufacturerName })}
        </Text>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {ticket.campaign.title}
        </Title>
      </Stack>
      {/* Opening this page is what confirmed the address. */}
      <Alert color="teal" variant="light" icon={<IconMailCheck aria-hidden="true" />}>
        {t('participation.ticket.confirmed', { email: ticket.contact.email })}
      </Alert>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('participation.ticket.title')}
        </Title>
        <Text c="dimmed">
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
  const language = ticket?.campaign.language ?? currentLanguage();
  let content: ReactNode;
  if (isPending) {
    content = <PublicLoading />;
  } else if (!ticket) {
    content = <LoadProblem error={error} retry={() => void refetch()} notFound="ticket" />;
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
