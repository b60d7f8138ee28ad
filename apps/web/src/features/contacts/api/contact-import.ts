import { api, type ContactImport, type ImportMapping } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callBlob, saveBlob, upload } from '@/lib/api-client';

export type StartImportInput = {
  file: File;
  mapping: ImportMapping;
  campaignIds: string[];
  /** Tags every imported contact gets (may be empty). */
  tags: string[];
  onProgress: (fraction: number) => void;
};

/**
 * POST /contact/import: `mapping`, `campaignIds` and `tags` (JSON) go before the file, as the server
 * reads them first (`contactImportUpload.fields`).
 */
export const startContactImport = ({
  file,
  mapping,
  campaignIds,
  tags,
  onProgress,
}: StartImportInput): Promise<ContactImport> => {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('campaignIds', JSON.stringify(campaignIds));
  form.append('tags', JSON.stringify(tags));
  form.append('file', file, file.name);
  return upload(api.contactImports.start, {}, form, { onProgress });
};

const finished = (job: ContactImport | undefined) => job?.state === 'done' || job?.state === 'failed';

/** Outside 'contacts': refreshing the contacts once the import is done need not ask for the import again. */
export const contactImportQueryKey = (id: string) => ['contact-import', id] as const;

/** GET /contact/import/:id every second until the job is done or failed. */
export const getContactImportQueryOptions = (id: string, initial?: ContactImport) =>
  queryOptions({
    queryKey: contactImportQueryKey(id),
    queryFn: ({ signal }) => call(api.contactImports.get, { params: { id } }, { signal }),
    initialData: initial,
    // The answer of the upload is already one second old by the time it shows.
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
    staleTime: 0,
  });

export const useContactImport = (id: string, initial?: ContactImport) =>
  useQuery(getContactImportQueryOptions(id, initial));

/** GET /contact/import/:id/rejected: the rows the import left out, with their reasons, saved as CSV. */
export const downloadRejectedRows = async (job: Pick<ContactImport, '_id' | 'fileName'>) => {
  const blob = await callBlob(api.contactImports.rejected, { params: { id: job._id } });
  const base = job.fileName.replace(/\.csv$/i, '') || 'contacts';
  saveBlob(blob, `${base}-rejected.csv`);
};
