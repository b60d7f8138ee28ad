import { Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { useMeSmall } from '@/lib/current-owner';
import { notifyError } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { downloadPdf, downloadXlsx } from '../api/download-exports';
import type { ResultFilterQuery } from '../api/result-query-keys';

type Kind = 'xlsx' | 'pdf';

/**
 * "Download XLSX" (the tickets in the filter) and "Download PDF report": fetched with the token and
 * saved under the campaign's title. Both stay visible, disabled with a tooltip, without `canExport` (D8).
 */
export const ExportButtons = ({
  campaign,
  filter,
}: {
  campaign: { _id: string; title: string };
  filter: ResultFilterQuery;
}) => {
  const { t } = useTranslation();
  const { data: owner } = useMeSmall();
  const [busy, setBusy] = useState<Kind | null>(null);
  const reason = owner?.manufacturer.canExport ? null : t('results.export.notEnabled');

  const download = async (kind: Kind) => {
    setBusy(kind);
    try {
      await (kind === 'xlsx' ? downloadXlsx : downloadPdf)(campaign, filter);
    } catch (error) {
      notifyError({ title: t('results.export.failed'), message: apiErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="sm">
      <GuardedButton
        variant="default"
        reason={reason}
        loading={busy === 'xlsx'}
        disabled={busy !== null && busy !== 'xlsx'}
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        onClick={() => void download('xlsx')}
      >
        {t('results.export.xlsx')}
      </GuardedButton>
      <GuardedButton
        variant="default"
        reason={reason}
        loading={busy === 'pdf'}
        disabled={busy !== null && busy !== 'pdf'}
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        onClick={() => void download('pdf')}
      >
        {t('results.export.pdf')}
      </GuardedButton>
    </Group>
  );
};
