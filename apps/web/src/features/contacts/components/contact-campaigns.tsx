import { Anchor, Badge, EmptyState, Stack, Text, Title } from '@mantine/core';
import type { ContactCampaign, InvitationOrigin } from '@parley/contract';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InvitationStateBadge } from '@/components/invitation-state-badge';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';

const campaignColors: Record<ContactCampaign['state'], string> = {
  draft: 'gray',
  running: 'teal',
  ended: 'orange',
  archived: 'dark',
};

/**
 * Why a tag group invited the contact: the group (a link to it) and how the tags that made the
 * contact a member came (by hand, an answer, an import, …), or that the group itself was linked or
 * changed.
 */
const InvitationOriginText = ({ origin }: { origin: InvitationOrigin }) => {
  const { t } = useTranslation();
  // A change of tags names them (one text per `via`); the group itself linked or changed names none.
  const key =
    origin.via === 'group'
      ? 'contacts.campaigns.origin.group'
      : origin.tags.length === 0
        ? 'contacts.campaigns.origin.joined'
        : (`contacts.campaigns.origin.${origin.via}` as const);
  return (
    <Text fz="xs" c="dimmed">
      <Trans
        t={t}
        i18nKey={key}
        values={{ group: origin.tagGroupTitle, tags: origin.tags.join(', ') }}
        count={origin.tags.length}
        // Underlined: a link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1).
        components={{
          group: (
            <Anchor component={Link} to={paths.tagGroup(origin.tagGroupId)} fz="xs" underline="always" />
          ),
        }}
      />
    </Text>
  );
};

/** The campaigns a contact was invited to or answered: the invitation's state and links to the answers. */
export const ContactCampaigns = ({ campaigns }: { campaigns: readonly ContactCampaign[] }) => {
  const { t } = useTranslation();
  const { formatDate, formatDateTime } = useDateFormat();

  const columns: ResponsiveColumn<ContactCampaign>[] = [
    {
      key: 'campaign',
      header: t('contacts.campaigns.columns.campaign'),
      primary: true,
      cell: (c) => (
        <Stack gap={2} align="flex-start">
          <Anchor component={Link} to={paths.campaign(c._id)} fw={500}>
            {c.title}
          </Anchor>
          <Badge color={campaignColors[c.state]} variant="light" size="sm" miw="max-content">
            {t(`campaigns.state.${c.state}`)}
          </Badge>
        </Stack>
      ),
    },
    {
      key: 'invitation',
      header: t('contacts.campaigns.columns.invitation'),
      cell: (c) =>
        c.invitation ? (
          <Stack gap={2} align="flex-start">
            <InvitationStateBadge state={c.invitation.state} error={c.invitation.error} />
            {c.invitation.state === 'failed' && c.invitation.error ? (
              <Text fz="xs" c="red">
                {c.invitation.error}
              </Text>
            ) : null}
            <Text fz="xs" c="dimmed">
              {t('contacts.campaigns.invitedOn', { date: formatDate(c.invitation.createdAt) })}
            </Text>
            {c.invitation.origin ? <InvitationOriginText origin={c.invitation.origin} /> : null}
          </Stack>
        ) : (
          <Text fz="sm">{t('contacts.campaigns.openLink')}</Text>
        ),
    },
    {
      key: 'reminders',
      header: t('contacts.campaigns.columns.reminders'),
      cell: (c) => <Text fz="sm">{c.invitation ? c.invitation.reminderCount : '—'}</Text>,
    },
    {
      key: 'answers',
      header: t('contacts.campaigns.columns.answers'),
      cell: (c) =>
        c.tickets.length === 0 ? (
          <Text fz="sm">{t('contacts.campaigns.noAnswers')}</Text>
        ) : (
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {c.tickets.map((ticket) => (
              <li key={ticket._id}>
                <Anchor component={Link} to={paths.campaignTicket(c._id, ticket._id)} fz="sm">
                  {t('contacts.campaigns.answersOf', { date: formatDateTime(ticket.createdAt) })}
                </Anchor>
              </li>
            ))}
          </Stack>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('contacts.campaigns.title')}
      </Title>
      {campaigns.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconSpeakerphone size={24} aria-hidden />}
          title={t('contacts.campaigns.emptyTitle')}
          description={t('contacts.campaigns.emptyText')}
        />
      ) : (
        <ResponsiveTable
          columns={columns}
          rows={campaigns}
          rowKey={(c) => c._id}
          label={t('contacts.campaigns.title')}
        />
      )}
    </Stack>
  );
};
