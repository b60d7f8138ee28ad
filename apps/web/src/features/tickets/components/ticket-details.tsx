import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Ticket } from '@parley/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/use-date-format';
import { EmailConfirmationBadge } from './email-confirmation-badge';
import { ticketContactName } from './ticket-columns';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <div>{children}</div>
  </Stack>
);

/** Who answered, whether the address is confirmed, when. */
export const ParticipantDetails = ({ ticket }: { ticket: Ticket }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const { contact } = ticket;
  const deleted = t('tickets.deletedContact');
  const name = ticketContactName(ticket);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ticket-details-heading">
      <Title order={2} size="h5" id="ticket-details-heading" mb="sm">
        {t('tickets.details.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
        <Field label={t('tickets.fields.name')}>
          <Text fs={contact && name ? undefined : 'italic'}>
            {contact ? name || t('tickets.noName') : deleted}
          </Text>
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
        <Field label={t('tickets.details.lastActivity')}>
          <Text>{formatDateTime(ticket.lastActivityAt)}</Text>
        </Field>
        <Field label={t('tickets.details.language')}>
          <Text>{t(`components.translation.languages.${ticket.language}`)}</Text>
        </Field>
      </SimpleGrid>
      {ticket.mailsOff ? (
        <Text fz="sm" c="dimmed" mt="sm">
          {t('tickets.details.mailsOff')}
        </Text>
      ) : null}
    </Paper>
  );
};
