import {
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Stack,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ContactRequest, ContactRequestStatus } from '@parley/contract';
import { IconCheck, IconSearch, IconUserPlus, IconX } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { BulkActionsBar, selectionColumn, useRowSelection } from '@/components/row-selection';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notifications';
import { useFormatPhone } from '@/lib/phone-format';
import { useDateFormat } from '@/lib/use-date-format';
import { useRejectContactRequests } from '../api/decide-contact-requests';
import { useContactRequests } from '../api/get-contact-requests';
import { isDecidedError } from '../lib/decision-error';
import { AcceptDialog } from './accept-dialog';
import { FormAddressCard } from './form-address-card';
import { RequestMessage } from './request-message';

const statuses = ['pending', 'accepted', 'rejected'] as const satisfies readonly ContactRequestStatus[];
export const contactRequestPageSize = 20;
const searchDelayMs = 300;

const fullName = (r: ContactRequest) => `${r.firstname} ${r.lastname}`.trim();

/**
 * D18's contact requests: people who asked through the manufacturer's public form to connect.
 * The form's address on top, then the requests by status; pending ones can be accepted (into
 * running campaigns) or rejected, one or many at a time.
 */
export const ContactRequestsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: ContactRequestStatus = statuses.find((s) => s === statusParam) ?? 'pending';
  const [searchInput, setSearchInput] = useState('');
  const [debounced] = useDebouncedValue(searchInput.trim(), searchDelayMs);
  const search = searchInput.trim() === '' ? '' : debounced;
  // Another status or search starts at its first page.
  const pageKey = `${status}|${search}`;
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: pageKey, page: next });
  const { data, isPending, isFetching } = useContactRequests({
    page,
    limit: contactRequestPageSize,
    'statuses[]': [status],
    ...(search ? { search } : {}),
  });
  // The tabs keep their counts while another status loads.
  const lastCounts = useRef(data?.counts);
  if (data) lastCounts.current = data.counts;
  const counts = lastCounts.current;

  const tabLabel = (s: ContactRequestStatus) => (
    <Group gap={6} wrap="nowrap" component="span">
      {t(`contactRequests.status.${s}`)}
      {counts ? (
        <Badge
          size="sm"
          variant={s === 'pending' && counts.pending > 0 ? 'filled' : 'light'}
          color={s === 'pending' ? 'blue' : 'gray'}
          aria-label={t('contactRequests.tabs.count', { count: counts[s] })}
        >
          {counts[s]}
        </Badge>
      ) : null}
    </Group>
  );

  return (
    <>
      <PageHeader
        title={t('pages.contactRequests.title')}
        description={t('pages.contactRequests.description')}
      />
      <Stack gap="lg">
        <FormAddressCard />
        <Tabs
          value={status}
          onChange={(next) => {
            if (next) setParams(next === 'pending' ? {} : { status: next });
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('contactRequests.tabs.label')} mb="md">
            {statuses.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {tabLabel(s)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {statuses.map((s) => (
            <Tabs.Panel key={s} value={s}>
              <Stack gap="md">
                <TextInput
                  label={t('contactRequests.list.search')}
                  placeholder={t('contactRequests.list.searchPlaceholder')}
                  leftSection={<IconSearch size={16} aria-hidden />}
                  value={searchInput}
                  onChange={(e) => setSearchInput(e.currentTarget.value)}
                  maw={360}
                />
                <RequestTable
                  status={s}
                  rows={data?.documents}
                  total={data?.total ?? 0}
                  page={page}
                  onPageChange={setPage}
                  loading={isPending}
                  busy={isFetching}
                  searched={search !== ''}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
};

type RequestTableProps = {
  status: ContactRequestStatus;
  rows: readonly ContactRequest[] | undefined;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  busy: boolean;
  searched: boolean;
};

/** One status's requests; the pending ones with their check boxes and the bulk Accept and Reject. */
const RequestTable = ({
  status,
  rows,
  total,
  page,
  onPageChange,
  loading,
  busy,
  searched,
}: RequestTableProps) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const formatPhone = useFormatPhone();
  const selection = useRowSelection<ContactRequest>((r) => r._id);
  const reject = useRejectContactRequests();
  // The requests a dialog acts on, fixed when it opens: the selection is cleared once they are
  // decided, and the dialog keeps its words while it closes.
  const [dialog, setDialog] = useState<{ kind: 'accept' | 'reject'; open: boolean; ids: string[] }>({
    kind: 'accept',
    open: false,
    ids: [],
  });
  const open = (kind: 'accept' | 'reject') => setDialog({ kind, open: true, ids: selection.keys });
  const close = () => setDialog((d) => ({ ...d, open: false }));
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

  const columns: ResponsiveColumn<ContactRequest>[] = [
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

  const confirmReject = () => {
    reject.mutate(
      { ids: dialog.ids },
      {
        onSuccess: (done) => {
          close();
          selection.clear();
          notifySuccess({
            title: t('contactRequests.reject.doneTitle'),
            message: t('contactRequests.reject.doneText', { count: done.rejected }),
          });
        },
        onError: (error) => {
          if (isDecidedError(error)) {
            close();
            selection.clear();
          }
        },
      },
    );
  };

  const emptyTitle = searched
    ? t('contactRequests.empty.noMatchTitle')
    : t(`contactRequests.empty.${status}.title`);
  const emptyText = searched
    ? t('contactRequests.empty.noMatchText')
    : t(`contactRequests.empty.${status}.text`);

  return (
    <Stack gap="md">
      {pending && selection.count > 0 ? (
        <BulkActionsBar
          status={t('contactRequests.list.selectedCount', { count: selection.count })}
          label={t('contactRequests.list.bulkActions')}
          clearLabel={t('contactRequests.list.clearSelection')}
          onClear={selection.clear}
        >
          <Button size="xs" leftSection={<IconCheck size={14} aria-hidden />} onClick={() => open('accept')}>
            {t('contactRequests.list.accept')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => open('reject')}
          >
            {t('contactRequests.list.reject')}
          </Button>
        </BulkActionsBar>
      ) : null}

      <PagedTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        label={t(`contactRequests.list.label.${status}`)}
        page={page}
        pageSize={contactRequestPageSize}
        total={total}
        onPageChange={onPageChange}
        loading={loading}
        loadingRows={5}
        busy={busy}
        totalLabel={t('contactRequests.list.total', { count: total })}
        empty={
          <EmptyState
            icon={<IconUserPlus size={28} aria-hidden />}
            title={emptyTitle}
            description={emptyText}
          />
        }
      />

      <AcceptDialog
        opened={dialog.open && dialog.kind === 'accept'}
        ids={dialog.ids}
        onClose={close}
        onDone={selection.clear}
      />
      <ConfirmDialog
        opened={dialog.open && dialog.kind === 'reject'}
        title={t('contactRequests.reject.title', { count: dialog.ids.length })}
        confirmLabel={t('contactRequests.reject.confirm', { count: dialog.ids.length })}
        color="red"
        focus="cancel"
        loading={reject.isPending}
        onConfirm={confirmReject}
        onClose={close}
      >
        <Text>{t('contactRequests.reject.text', { count: dialog.ids.length })}</Text>
      </ConfirmDialog>
    </Stack>
  );
};
