import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ContactImport } from '@parley/contract';
import { IconAlertTriangle, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '@/components/labelled-progress';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError } from '@/lib/notifications';
import { downloadRejectedRows, useContactImport } from '../api/contact-import';
import { contactQueryKeys } from '../api/contact-query-keys';

/** The job's progress, polled every second, then its counts; the contacts are refreshed once it is done. */
export const ImportProgress = ({ initial, onClose }: { initial: ContactImport; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const job = useContactImport(initial._id, initial).data ?? initial;
  const [downloading, setDownloading] = useState(false);
  const done = job.state === 'done';
  const failed = job.state === 'failed';
  const finished = done || failed;

  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: contactQueryKeys.all });
  }, [done, queryClient]);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadRejectedRows(job);
    } catch (error) {
      notifyError({ title: t('contacts.import.downloadFailed'), message: contactErrorMessage(error) });
    } finally {
      setDownloading(false);
    }
  };

  const total = Math.max(job.totalRows, job.processedRows);
  const percent = finished ? 100 : total > 0 ? Math.min(100, (job.processedRows / total) * 100) : 0;
  const rows = t('contacts.import.rows', { processed: job.processedRows, total });

  return (
    <Stack gap="md">
      <Text fz="sm" fw={500}>
        {job.fileName}
      </Text>
      <LabelledProgress
        value={percent}
        label={t('contacts.import.progress')}
        valueText={rows}
        color={failed ? 'red' : done ? 'teal' : undefined}
        animated={!finished}
        size="lg"
      />
      <Text fz="sm" c="dimmed">
        {job.state === 'queued' ? t('contacts.import.queued') : rows}
      </Text>
      {finished ? null : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('contacts.import.closeHint')}
        </Alert>
      )}

      {/* Announced once the job ends. */}
      <div role="status">
        {done ? (
          <Stack gap="xs">
            <Text fw={500}>{t('contacts.import.doneTitle')}</Text>
            <Text fz="sm">
              {t('contacts.import.counts', {
                created: job.created,
                updated: job.updated,
                invited: job.invited,
                rejected: job.rejected,
              })}
            </Text>
          </Stack>
        ) : failed ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('contacts.import.failedTitle')}
          >
            <Stack gap="xs">
              <Text fz="sm">{job.error ?? t('common.somethingWentWrong')}</Text>
              <Text fz="sm">
                {t('contacts.import.counts', {
                  created: job.created,
                  updated: job.updated,
                  invited: job.invited,
                  rejected: job.rejected,
                })}
              </Text>
            </Stack>
          </Alert>
        ) : null}
      </div>

      <Group justify="flex-end">
        {job.rejected > 0 ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download()}
            loading={downloading}
          >
            {t('contacts.import.downloadRejected', { count: job.rejected })}
          </Button>
        ) : null}
        <Button onClick={onClose}>
          {finished ? t('contacts.import.close') : t('contacts.import.closeRunning')}
        </Button>
      </Group>
    </Stack>
  );
};
