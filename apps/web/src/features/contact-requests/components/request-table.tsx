import { Button, EmptyState, Stack, Text } from '@mantine/core';
import type { ContactRequest, ContactRequestStatus } from '@parley/contract';
import { IconCheck, IconUserPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedTable } from '@/components/paged-table';
import { BulkActionsBar } from '@/components/row-selection';
import { AcceptDialog } from './accept-dialog';
import { useRequestColumns } from './request-columns';
import { contactRequestPageSize } from './use-contact-requests-page';
import { useRequestDecisions } from './use-request-decisions';

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
export const RequestTable = ({
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
  const { selection, reject, dialog, open, close, confirmReject } = useRequestDecisions();
  const pending = status === 'pending';
  const columns = useRequestColumns({ status, rows, selection });

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
