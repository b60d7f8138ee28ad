import { Anchor, Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ContactRequest, ContactRequestStatus } from '@parley/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { type RowSelection, selectionColumn } from '@/components/row-selection';
import { paths } from '@/config/paths';
import { useFormatPhone } from '@/lib/phone-format';
import { useDateFormat } from '@/lib/use-date-format';
import { RequestMessage } from './request-message';

const fullName = (r: ContactRequest) => `${r.firstname} ${r.lastname}`.trim();

/** The columns of one status's requests; the pending ones with their check boxes. */
export const useRequestColumns = ({
  status,
  rows,
  selection,
}: {
  status: ContactRequestStatus;
  rows: readonly ContactRequest[] | undefined;
  selection: RowSelection<ContactRequest>;
}): ResponsiveColumn<ContactRequest>[] => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const formatPhone = useFormatPhone();
  const pending = status === 'pending';

  const contactBadge = (r: ContactRequest): ReactNode => {
    if (!r.contact) return null;
    const label =
      r.contact.kind === 'temp'
        ? t('contactRequests.list.invitedBefore')
        : pending
          ? t('contactRequests.list.existingContact')
          : t('contactRequests.list.contact');
    const badge = (
      <Badge color={r.contact.kind === 'temp' ? 'gray' : 'teal'} variant="light" size="sm" tt="none">
        {label}
      </Badge>
    );
    // Temp contacts (invited, no answer yet) have no page of their own.
    return r.contact.kind === 'contact' ? (
      <Anchor component={Link} to={paths.contact(r.contact._id)}>
        {badge}
        <VisuallyHidden>{t('contactRequests.list.openContact', { name: fullName(r) })}</VisuallyHidden>
      </Anchor>
    ) : (
      badge
    );
  };

  return [
    ...(pending
      ? [
          selectionColumn({
            selection,
            rows,
            rowLabel: (r) => t('contactRequests.list.select', { name: fullName(r) || r.email }),
            pageLabel: t('contactRequests.list.selectPage'),
            cardLabel: t('contactRequests.list.selected'),
          }),
        ]
      : []),
    {
      key: 'name',
      header: t('contactRequests.list.columns.name'),
      primary: true,
      cell: (r) => (
        <Stack gap={4} align="flex-start">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {fullName(r) || r.email}
          </Text>
          {r.submissions > 1 ? (
            <Badge color="orange" variant="light" size="sm" tt="none">
              {t('contactRequests.list.submissions', { count: r.submissions })}
            </Badge>
          ) : null}
          {contactBadge(r)}
        </Stack>
      ),
    },
    {
      key: 'email',
      header: t('contactRequests.list.columns.email'),
      cell: (r) => (
        <Anchor href={`mailto:${r.email}`} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {r.email}
        </Anchor>
      ),
    },
    {
      key: 'phone',
      header: t('contactRequests.list.columns.phone'),
      cell: (r) =>
        r.phoneNumber ? (
          <Anchor href={`tel:${r.phoneNumber}`} fz="sm">
            {formatPhone(r.phoneNumber)}
          </Anchor>
        ) : (
          <Text fz="sm">—</Text>
        ),
    },
    {
      key: 'message',
      header: t('contactRequests.list.columns.message'),
      cell: (r) => <RequestMessage message={r.message} />,
    },
    {
      key: 'date',
      header: t('contactRequests.list.columns.date'),
      cell: (r) => (
        <Stack gap={2}>
          <Text fz="sm">{formatDateTime(r.createdAt)}</Text>
          {r.decidedAt && r.status !== 'pending' ? (
            <Text fz="xs" c="dimmed">
              {t(`contactRequests.list.decided.${r.status}`, { date: formatDateTime(r.decidedAt) })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    ...(status === 'accepted'
      ? [
          {
            key: 'campaigns',
            header: t('contactRequests.list.columns.campaigns'),
            cell: (r: ContactRequest) =>
              r.campaigns.length > 0 ? (
                <Stack gap={2} align="flex-start">
                  {r.campaigns.map((c) => (
                    <Anchor key={c._id} component={Link} to={paths.campaign(c._id)} fz="sm">
                      {c.title}
                    </Anchor>
                  ))}
                </Stack>
              ) : (
                <Text fz="sm">—</Text>
              ),
          },
        ]
      : []),
  ];
};
