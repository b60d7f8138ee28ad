import {
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { InviteReport } from '@parley/contract';
import { IconListCheck, IconSearch, IconSend, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InviteReportView } from '@/components/invite-report';
import { PagedTable } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { selectionColumn, useRowSelection } from '@/components/row-selection';
import { notifySuccess } from '@/lib/notifications';
import { useContactsToAdd } from '../api/get-contacts-to-add';
import { useAddParticipants } from '../api/participant-mutations';
import { InviteListsForm } from './invite-lists-form';

const pageSize = 10;
const searchDelayMs = 300;
/** The contract's limit of contacts per call. */
const contactsMax = 1000;

type Candidate = {
  _id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  unsubscribed: boolean;
};

type Props = {
  opened: boolean;
  onClose: () => void;
  campaign: { _id: string; title: string; isGroupCampaign?: boolean };
};

const sources = ['contacts', 'lists'] as const;
type Source = (typeof sources)[number];

/**
 * "Add participants": contacts not invited yet, searched and paged, chosen across pages (an
 * unsubscribed address cannot be); "Check" says what inviting them would do (D16), "Send
 * invitations" does it.
 */
export const AddParticipantsDialog = ({ opened, onClose, campaign }: Props) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('participants.add.title', { title: campaign.title })}
      size="xl"
    >
      {/* Mounted while open only, so every opening starts afresh. */}
      <ParticipantSource campaign={campaign} onClose={onClose} />
    </Modal>
  );
};

/** Whom to invite: contacts chosen one by one, or whole contact lists. */
const ParticipantSource = ({ campaign, onClose }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('contacts');
  return (
    <Stack gap="md">
      <SegmentedControl
        role="radiogroup"
        aria-label={t('contactLists.campaign.source')}
        data={sources.map((s) => ({ value: s, label: t(`contactLists.campaign.sources.${s}`) }))}
        value={source}
        onChange={(next) => setSource(sources.find((s) => s === next) ?? 'contacts')}
        fullWidth
      />
      {source === 'contacts' ? (
        <AddParticipantsForm campaign={campaign} onClose={onClose} />
      ) : (
        <InviteListsForm campaign={campaign} onClose={onClose} />
      )}
    </Stack>
  );
};

const AddParticipantsForm = ({ campaign, onClose }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), searchDelayMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts again at page 1.
  useEffect(() => setPage(1), [search]);
  const { data, isPending, isFetching, isError, refetch } = useContactsToAdd(campaign._id, {
    page,
    limit: pageSize,
    ...(search ? { search } : {}),
  });
  const selection = useRowSelection<Candidate>((c) => c._id);
  const add = useAddParticipants();
  const [checked, setChecked] = useState<{ report: InviteReport; key: string } | null>(null);
  const [attempted, setAttempted] = useState(false);
  const ids = selection.keys;
  const key = [...ids].sort().join(',');
  const report = checked?.key === key ? checked.report : null;
  const tooMany = ids.length > contactsMax;
  const total = data?.total ?? 0;

  const check = () => {
    setAttempted(true);
    if (ids.length === 0 || tooMany) return;
    add.mutate(
      { campaignId: campaign._id, contacts: ids, callForCheck: true },
      { onSuccess: (r) => setChecked({ report: r, key }) },
    );
  };
  const send = () => {
    if (!report) return;
    add.mutate(
      { campaignId: campaign._id, contacts: ids, callForCheck: false },
      {
        onSuccess: (done) => {
          notifySuccess({
            title: t('participants.add.doneTitle'),
            message: t('participants.add.doneText', { count: done.invitations, title: campaign.title }),
          });
          onClose();
        },
      },
    );
  };

  const columns: ResponsiveColumn<Candidate>[] = [
    selectionColumn({
      selection,
      rows: data?.documents,
      rowLabel: (c) => t('participants.add.select', { email: c.email }),
      pageLabel: t('participants.add.selectPage'),
      cardLabel: t('participants.add.selected'),
      disabled: (c) => c.unsubscribed,
    }),
    {
      key: 'contact',
      header: t('participants.columns.participant'),
      primary: true,
      cell: (c) => {
        const name = [c.firstname, c.lastname].filter(Boolean).join(' ');
        return (
          <Stack gap={0}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {name || c.email}
            </Text>
            {name ? (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {c.email}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      key: 'status',
      header: t('participants.add.status'),
      cell: (c) =>
        c.unsubscribed ? (
          <Badge color="orange" variant="light" miw="max-content">
            {t('participants.states.unsubscribed')}
          </Badge>
        ) : (
          <Text fz="sm">—</Text>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('participants.add.text')}
      </Text>
      <TextInput
        label={t('participants.search')}
        placeholder={t('participants.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={searchInput}
        onChange={(e) => setSearchInput(e.currentTarget.value)}
        data-autofocus
      />
      <PagedTable
        columns={columns}
        rows={data?.documents}
        rowKey={(c) => c._id}
        label={t('participants.add.label')}
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={setPage}
        loading={isPending}
        busy={isFetching}
        failed={isError ? { onRetry: () => void refetch() } : undefined}
        totalLabel={t('participants.add.total', { count: total })}
        empty={
          <EmptyState
            size="sm"
            icon={<IconUsers size={24} aria-hidden />}
            title={search ? t('participants.noMatchTitle') : t('participants.add.emptyTitle')}
            description={search ? t('participants.noMatchText') : t('participants.add.emptyText')}
          />
        }
      />
      <Text fz="sm" role="status" c={(attempted && ids.length === 0) || tooMany ? 'red' : undefined}>
        {tooMany
          ? t('participants.add.tooMany', { count: ids.length, max: contactsMax })
          : attempted && ids.length === 0
            ? t('participants.add.noneChosen')
            : t('participants.add.chosen', { count: ids.length })}
      </Text>
      <VisuallyHidden role="status">
        {report
          ? t('contacts.invite.checkedStatus', {
              count: report.invitations,
              problems: report.problems.length,
            })
          : ''}
      </VisuallyHidden>
      {report ? <InviteReportView report={report} /> : null}
      {checked && !report ? (
        <Text fz="sm" c="dimmed">
          {t('contacts.invite.outdated')}
        </Text>
      ) : null}
      {report && report.invitations === 0 ? <Text fz="sm">{t('contacts.invite.nothingToSend')}</Text> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={add.isPending}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          variant={report ? 'default' : 'filled'}
          leftSection={<IconListCheck size={16} aria-hidden />}
          onClick={check}
          loading={add.isPending && add.variables?.callForCheck === true}
          disabled={tooMany}
        >
          {t('contacts.invite.check')}
        </Button>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={send}
          loading={add.isPending && add.variables?.callForCheck === false}
          disabled={!report || report.invitations === 0}
        >
          {t('contacts.invite.send')}
        </Button>
      </Group>
    </Stack>
  );
};
