import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  type ContactImport,
  contactImportUpload,
  type ImportField,
  type ImportMapping,
  importFieldNames,
} from '@parley/contract';
import {
  IconAlertTriangle,
  IconDownload,
  IconFileTypeCsv,
  IconInfoCircle,
  IconUpload,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '@/components/labelled-progress';
import { TagPicker } from '@/components/tag-picker';
import { isApiError } from '@/lib/api-client';
import { useRunningCampaigns } from '@/lib/campaign-names';
import { contactErrorMessage } from '@/lib/contact-messages';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notifications';
import { downloadRejectedRows, startContactImport, useContactImport } from '../api/contact-import';
import { contactQueryKeys } from '../api/contact-query-keys';
import { type CsvHeader, guessMapping, readCsvHeader } from '../lib/csv-header';

type ImportDialogProps = {
  opened: boolean;
  onClose: () => void;
};

const maxMegabytes = contactImportUpload.maxBytes / (1024 * 1024);

/**
 * A CSV file of contacts: its column names are read in the browser, each contact field gets a
 * column (email required), then the file goes up and the import runs on the server as a job whose
 * progress shows here. Closing the dialog does not stop the job.
 */
export const ImportDialog = ({ opened, onClose }: ImportDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('contacts.import.title')} size="lg">
      {/* Mounted while open only, so every opening starts afresh. */}
      <ImportForm onClose={onClose} />
    </Modal>
  );
};

type Columns = Partial<Record<ImportField, string | null>>;

const isCsv = (file: File) =>
  /\.(csv|txt|tsv)$/i.test(file.name) ||
  ['text/csv', 'text/plain', 'text/tab-separated-values', 'application/vnd.ms-excel'].includes(file.type);

/** Why the server refused the upload, in the console's words. */
const importErrorMessage = (error: unknown): string => {
  if (isApiError(error)) {
    if (error.status === 413 || error.code === 'import/too-large') {
      return i18n.t('contacts.import.errors.tooLarge', { max: maxMegabytes });
    }
    if (error.field === 'mapping') return i18n.t('contacts.import.errors.mapping');
    if (error.field === 'file') return i18n.t('contacts.import.errors.file');
    if (error.field === 'tags') return i18n.t('contacts.import.errors.tags');
  }
  return contactErrorMessage(error);
};

const ImportForm = ({ onClose }: Pick<ImportDialogProps, 'onClose'>) => {
  const { t } = useTranslation();
  const running = useRunningCampaigns();
  const [file, setFile] = useState<File | null>(null);
  const [header, setHeader] = useState<CsvHeader | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [columns, setColumns] = useState<Columns>({});
  const [campaignIds, setCampaignIds] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [uploaded, setUploaded] = useState(0);
  const mutation = useMutation({
    mutationFn: startContactImport,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('contacts.import.failed'), message: importErrorMessage(error) }),
  });

  const choose = async (next: File | null) => {
    setFile(null);
    setHeader(null);
    setColumns({});
    setAttempted(false);
    setFileError(null);
    if (!next) return;
    if (!isCsv(next)) {
      setFileError(t('contacts.import.errors.notCsv'));
      return;
    }
    if (next.size > contactImportUpload.maxBytes) {
      setFileError(t('contacts.import.errors.tooLarge', { max: maxMegabytes }));
      return;
    }
    try {
      const read = await readCsvHeader(next);
      if (read.columns.length === 0) {
        setFileError(t('contacts.import.errors.noColumns'));
        return;
      }
      setFile(next);
      setHeader(read);
      setColumns(guessMapping(read.columns));
    } catch {
      setFileError(t('contacts.import.errors.unreadable'));
    }
  };

  const start = () => {
    setAttempted(true);
    if (!file || !columns.email) return;
    const mapping: ImportMapping = { email: columns.email };
    for (const field of importFieldNames) {
      const column = columns[field];
      if (field !== 'email' && column) mapping[field] = column;
    }
    setUploaded(0);
    mutation.mutate({ file, mapping, campaignIds, tags, onProgress: setUploaded });
  };

  if (mutation.data) return <ImportProgress initial={mutation.data} onClose={onClose} />;

  const uploading = mutation.isPending;
  const noneRunning = running.data?.documents.length === 0;
  const campaignOptions = (running.data?.documents ?? []).map((c) => ({ value: c._id, label: c.title }));
  const columnOptions = header?.columns ?? [];

  return (
    <Stack gap="md">
      <Text fz="sm">{t('contacts.import.intro')}</Text>
      <FileInput
        label={t('contacts.import.file')}
        description={t('contacts.import.fileHint', { max: maxMegabytes })}
        placeholder={t('contacts.import.filePlaceholder')}
        accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        value={file}
        onChange={(next) => void choose(next)}
        error={fileError}
        clearable
        disabled={uploading}
        withAsterisk
        data-autofocus
      />

      {header ? (
        <>
          <Text fz="sm" role="status">
            {t('contacts.import.columnsFound', { count: header.columns.length })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {importFieldNames.map((field) => (
              <Select
                key={field}
                label={t(`contacts.import.fields.${field}`)}
                placeholder={
                  field === 'email' ? t('contacts.import.chooseColumn') : t('contacts.import.notImported')
                }
                data={columnOptions}
                value={columns[field] ?? null}
                onChange={(value) => setColumns((prev) => ({ ...prev, [field]: value }))}
                withAsterisk={field === 'email'}
                required={field === 'email'}
                clearable={field !== 'email'}
                searchable
                error={
                  field === 'email' && attempted && !columns.email
                    ? t('contacts.import.errors.noEmail')
                    : null
                }
                disabled={uploading}
              />
            ))}
          </SimpleGrid>
          {noneRunning ? (
            <Text fz="sm" c="dimmed">
              {t('contacts.import.noneRunning')}
            </Text>
          ) : (
            <MultiSelect
              label={t('contacts.import.campaigns')}
              description={t('contacts.import.campaignsHint')}
              placeholder={
                running.isPending ? t('common.loading') : t('contacts.invite.campaignsPlaceholder')
              }
              data={campaignOptions}
              value={campaignIds}
              onChange={setCampaignIds}
              searchable
              clearable
              nothingFoundMessage={t('contacts.invite.noCampaignFound')}
              disabled={running.isPending || uploading}
            />
          )}
          <TagPicker
            label={t('contacts.import.tags')}
            description={t('contacts.import.tagsHint')}
            value={tags}
            onChange={setTags}
            disabled={uploading}
          />
        </>
      ) : null}

      {uploading ? (
        <LabelledProgress
          value={Math.round(uploaded * 100)}
          label={t('contacts.import.uploading')}
          valueText={t('contacts.import.uploadProgress', { percent: Math.round(uploaded * 100) })}
          animated
        />
      ) : null}

      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={uploading}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={start}
          loading={uploading}
          disabled={!file}
        >
          {t('contacts.import.start')}
        </Button>
      </Group>
    </Stack>
  );
};

/** The job's progress, polled every second, then its counts; the contacts are refreshed once it is done. */
const ImportProgress = ({ initial, onClose }: { initial: ContactImport; onClose: () => void }) => {
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
