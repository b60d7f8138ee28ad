import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLoader } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';
import { useTicket } from '../api/get-ticket';
import { EmailConfirmationBadge } from './email-confirmation-badge';
import { TicketAnswersView } from './ticket-answers-view';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <div>{children}</div>
  </Stack>
);

/** One campaign ticket, read-only: who answered, whether the address is confirmed, and the answers. */
export const TicketView = ({ campaignId, ticketId }: { campaignId: string; ticketId: string }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const { data: ticket, error, isPending } = useTicket(ticketId);
  const back = <BackLink to={`${paths.campaign(campaignId)}?tab=participants`}>{t('tickets.back')}</BackLink>;

  if (isPending) return <ContentLoader />;
  if (!ticket || (isApiError(error) && error.status === 404)) {
    return (
      <>
        {back}
        <PageHeader title={t('tickets.notFoundTitle')} description={t('tickets.notFoundText')} />
      </>
    );
  }
  const { contact } = ticket;
  // Null for a deleted contact whose answers were kept.
  const deleted = t('tickets.deletedContact');
  const name = contact ? [contact.firstname, contact.lastname].filter(Boolean).join(' ') : '';
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={contact ? t('tickets.title', { name: name || contact.email }) : deleted}
        description={t('tickets.subtitle', { campaign: ticket.campaignTitle })}
      />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label={t('tickets.fields.name')}>
            <Text fs={contact ? undefined : 'italic'}>{contact ? name || t('tickets.noName') : deleted}</Text>
          </Field>
          <Field label={t('tickets.fields.email')}>
            <Text style={{ overflowWrap: 'anywhere' }} fs={contact ? undefined : 'italic'}>
              {contact ? contact.email : deleted}
            </Text>
          </Field>
          <Field label={t('tickets.fields.confirmation')}>
            <EmailConfirmationBadge confirmed={ticket.emailConfirmed} />
          </Field>
          <Field label={t('tickets.fields.date')}>
            <Text>{formatDateTime(ticket.createdAt)}</Text>
          </Field>
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h4">
        {t('tickets.answersTitle', { count: ticket.answeredCount, total: ticket.answers.length })}
      </Title>
      <TicketAnswersView answers={ticket.answers} />
    </Stack>
  );
};
