import { api } from '@parley/contract';
import { callBlob, saveBlob } from '@/lib/api-client';
import { exportFileName } from '../lib/export-file-name';
import type { ResultFilterQuery } from './result-query-keys';

type Campaign = { _id: string; title: string };

/** GET /campaign/question/xlsx: every ticket in the filter as a spreadsheet, saved as `<title>-results.xlsx`. */
export const downloadXlsx = async (campaign: Campaign, filter: ResultFilterQuery) => {
  const blob = await callBlob(api.results.xlsx, { query: { ...filter, campaignId: campaign._id } });
  saveBlob(blob, exportFileName(campaign.title, 'xlsx'));
};

/** GET /campaign/:id/results/pdf: the statistics and results as a PDF report, saved as `<title>-results.pdf`. */
export const downloadPdf = async (campaign: Campaign, filter: ResultFilterQuery) => {
  const blob = await callBlob(api.results.pdf, { params: { id: campaign._id }, query: filter });
  saveBlob(blob, exportFileName(campaign.title, 'pdf'));
};
