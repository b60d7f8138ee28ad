import { Button, FileInput, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { contactImportUpload, type ImportMapping } from '@parley/contract';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '@/components/labelled-progress';
import { TagPicker } from '@/components/tag-picker';
import { isApiError } from '@/lib/api-client';
import { useRunningCampaigns } from '@/lib/campaign-names';
import { contactErrorMessage } from '@/lib/contact-messages';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notifications';
import { startContactImport } from '../api/contact-import';
import { type CsvHeader, guessMapping, readCsvHeader } from '../lib/csv-header';
import { type ImportColumns, ImportMappingStep, mappingOf } from './import-mapping';
import { ImportProgress } from './import-progress';

type ImportDialogProps = {
  opened: boolean;
  onClose: () => void;
};

const maxMegabytes = contactImportUpload.maxBytes / (1024 * 1024);

/**
 * A CSV file of contacts: its column names and first rows are read in the browser, each contact
 * field gets a column (email required; preselected from the usual export headers) with a preview
 * of the first rows as they will be imported, then the file goes up and the import runs on the
 * server as a job whose progress shows here. Closing the dialog does not stop the job.
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
  const [columns, setColumns] = useState<ImportColumns>({});
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
      setColumns(guessMapping(read.columns, read.samples));
    } catch {
      setFileError(t('contacts.import.errors.unreadable'));
    }
  };

  const start = () => {
    setAttempted(true);
    if (!file || !columns.email) return;
    const mapping: ImportMapping = { ...mappingOf(columns), email: columns.email };
    setUploaded(0);
    mutation.mutate({ file, mapping, campaignIds, tags, onProgress: setUploaded });
  };

  if (mutation.data) return <ImportProgress initial={mutation.data} onClose={onClose} />;

  const uploading = mutation.isPending;
  const noneRunning = running.data?.documents.length === 0;
  const campaignOptions = (running.data?.documents ?? []).map((c) => ({ value: c._id, label: c.title }));

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
          <ImportMappingStep
            header={header}
            value={columns}
            onChange={setColumns}
            attempted={attempted}
            disabled={uploading}
          />
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
