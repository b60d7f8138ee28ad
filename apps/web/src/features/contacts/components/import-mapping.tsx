import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ImportField, type ImportMapping, importFieldNames } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import type { CsvHeader } from '../lib/csv-header';
import { ImportPreview } from './import-preview';

export type ImportColumns = Partial<Record<ImportField, string | null>>;

/** The chosen columns as a mapping (fields without a column left out). */
export const mappingOf = (columns: ImportColumns): Partial<ImportMapping> => {
  const mapping: Partial<ImportMapping> = {};
  for (const field of importFieldNames) {
    const column = columns[field];
    if (column) mapping[field] = column;
  }
  return mapping;
};

type ImportMappingProps = {
  header: CsvHeader;
  value: ImportColumns;
  onChange: (next: ImportColumns) => void;
  /** The owner pressed start: a missing email column is shown as an error. */
  attempted: boolean;
  disabled: boolean;
};

/** The mapping step: a column for each contact field (preselected from the header), then the preview. */
export const ImportMappingStep = ({ header, value, onChange, attempted, disabled }: ImportMappingProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text fz="sm" role="status">
        {t('contacts.import.columnsFound', { count: header.columns.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {importFieldNames.map((field) => (
          <Select
            key={field}
            label={t(`contacts.import.fields.${field}`)}
            description={field === 'tags' ? t('contacts.import.tagsColumnHint') : undefined}
            placeholder={
              field === 'email' ? t('contacts.import.chooseColumn') : t('contacts.import.notImported')
            }
            data={header.columns}
            value={value[field] ?? null}
            onChange={(column) => onChange({ ...value, [field]: column })}
            withAsterisk={field === 'email'}
            required={field === 'email'}
            clearable={field !== 'email'}
            searchable
            error={
              field === 'email' && attempted && !value.email ? t('contacts.import.errors.noEmail') : null
            }
            disabled={disabled}
          />
        ))}
      </SimpleGrid>
      <ImportPreview samples={header.samples} mapping={mappingOf(value)} />
    </Stack>
  );
};
