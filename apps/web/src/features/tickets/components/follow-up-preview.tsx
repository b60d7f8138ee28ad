import { ActionIcon, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { renderTemplate, type TicketListItem } from '@parley/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketContactName } from './ticket-columns';

/** The text as each recipient gets it: the placeholders filled with that ticket's participant. */
export const FollowUpPreview = ({
  text,
  recipients,
  count,
  loading,
  values,
}: {
  text: string;
  recipients: readonly TicketListItem[];
  count: number | undefined;
  loading: boolean;
  values: { campaignTitle: string; manufacturerName: string | null };
}) => {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const at = Math.min(index, Math.max(0, recipients.length - 1));
  const ticket = recipients[at];
  // Another choice of recipients starts again at the first.
  const ids = recipients.map((r) => r._id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of recipients starts again at the first.
  useEffect(() => setIndex(0), [ids]);
  const name = (r: TicketListItem) =>
    r.contact ? ticketContactName(r) || r.contact.email : t('tickets.deletedContact');

  let body: ReactNode;
  if (loading) {
    body = <Text fz="sm">{t('common.loading')}</Text>;
  } else if (!ticket) {
    body = (
      <Text fz="sm" c="dimmed">
        {t('tickets.followUp.previewNobody')}
      </Text>
    );
  } else {
    const rendered = renderTemplate(text.trim(), {
      'contact.firstname': ticket.contact?.firstname ?? null,
      'contact.lastname': ticket.contact?.lastname ?? null,
      'campaign.title': values.campaignTitle,
      'manufacturer.name': values.manufacturerName,
    });
    body = (
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            label={t('tickets.followUp.previewFor')}
            data={recipients.map((r, i) => ({ value: String(i), label: name(r) }))}
            value={String(at)}
            onChange={(e) => setIndex(Number(e.currentTarget.value))}
            style={{ flex: 1, minWidth: 0 }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('tickets.followUp.previous')}
            onClick={() => setIndex(at - 1)}
            disabled={at === 0}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('tickets.followUp.next')}
            onClick={() => setIndex(at + 1)}
            disabled={at >= recipients.length - 1}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <Text fz="xs" c="dimmed">
          {count !== undefined && count > recipients.length
            ? t('tickets.followUp.previewSome', { shown: recipients.length, count })
            : t('tickets.followUp.previewPosition', { position: at + 1, count: recipients.length })}
        </Text>
        <Paper
          withBorder
          p="sm"
          radius="sm"
          bg="var(--mantine-color-gray-light)"
          aria-label={t('tickets.followUp.previewOf', { name: name(ticket) })}
          role="region"
        >
          {rendered ? (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {rendered}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('tickets.followUp.previewEmpty')}
            </Text>
          )}
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {t('tickets.followUp.preview')}
      </Title>
      {body}
    </Stack>
  );
};
