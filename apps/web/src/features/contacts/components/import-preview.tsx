import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import {
  type ImportContactFields,
  type ImportField,
  type ImportMapping,
  importFieldNames,
  importRecordChecker,
} from '@parley/contract';
import { useTranslation } from 'react-i18next';

type ImportPreviewProps = {
  /** The file's first records, cells by column name. */
  samples: readonly Record<string, string>[];
  mapping: Partial<ImportMapping>;
};

/**
 * The file's first records as the import will take them (docs/product-decisions.md, "Import"): each
 * mapped field as it will be stored (the address lowercased, the phone as digits, the tags split),
 * or why the record will be rejected, by the contract's rule the server's job applies.
 */
export const ImportPreview = ({ samples, mapping }: ImportPreviewProps) => {
  const { t } = useTranslation();
  const fields = importFieldNames.filter((f) => mapping[f]);
  if (samples.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('contacts.import.preview.empty')}
      </Text>
    );
  }
  const label = t('contacts.import.preview.title', { count: samples.length });
  if (!mapping.email) {
    return (
      <Text fz="sm" c="dimmed">
        {t('contacts.import.preview.needsEmail')}
      </Text>
    );
  }
  const check = importRecordChecker();
  const rows = samples.map((record, i) => ({
    row: i + 2,
    checked: check(record, { ...mapping, email: mapping.email ?? '' }, i + 2),
  }));
  const value = (contact: ImportContactFields, tags: string[], field: ImportField) =>
    field === 'tags' ? tags.join(', ') : (contact[field] ?? '');

  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <ScrollArea type="auto">
        <Table aria-label={label} verticalSpacing={4} fz="xs" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contacts.import.preview.row')}</Table.Th>
              {fields.map((f) => (
                <Table.Th key={f}>{t(`contacts.import.fields.${f}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ row, checked }) => (
              <Table.Tr key={row}>
                <Table.Td>{row}</Table.Td>
                {'reason' in checked ? (
                  <Table.Td colSpan={fields.length} c="red">
                    {t('contacts.import.preview.rejected', {
                      reason: t(`contacts.import.problems.${checked.problem}`, { row: checked.firstRow }),
                    })}
                  </Table.Td>
                ) : (
                  fields.map((f) => <Table.Td key={f}>{value(checked.contact, checked.tags, f)}</Table.Td>)
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
};
