import {
  Anchor,
  Badge,
  Button,
  Code,
  EmptyState,
  Group,
  List,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type Language, type TemplateMessage, templatePlaceholders } from '@parley/contract';
import { IconPlus, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PagedTable, pagedQueryProps } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { RowEditDelete } from '@/components/row-actions';
import { isLanguage, languages } from '@/lib/language';
import { getTemplatesQueryOptions } from '@/lib/templates';
import { useDateFormat } from '@/lib/use-date-format';
import { useSearchInput } from '@/lib/use-search-input';
import { placeholderCode, placeholderNames } from '../lib/placeholders';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { TemplateFormModal } from './template-form-modal';
import { templatesPageSize, useTemplatesParams } from './use-templates-params';

/** What the list shows of a template's text: its start, on two lines at most. */
const excerptMax = 160;
const excerpt = (text: string) =>
  text.length > excerptMax ? `${text.slice(0, excerptMax).trimEnd()}…` : text;

/** What templates are for and how placeholders and fallbacks work: the page's empty state. */
const TemplatesExplained = ({ onCreate }: { onCreate: () => void }) => {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconTemplate size={28} aria-hidden />}
      title={t('templates.list.emptyTitle')}
      description={t('templates.list.emptyText')}
    >
      <Stack gap="sm" align="center" maw={560} mx="auto">
        <Text size="sm" c="dimmed">
          {t('templates.list.placeholdersText', { example: placeholderCode('contact.firstname') })}
        </Text>
        <List size="sm" spacing={4} listStyleType="none">
          {templatePlaceholders.map((p) => (
            <List.Item key={p}>
              <Code>{placeholderCode(p)}</Code> {t(`templates.form.placeholders.${placeholderNames[p]}`)}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          {t('templates.list.fallbackText', {
            example: `{{contact.firstname|${t('templates.list.fallbackWord')}}}`,
            word: t('templates.list.fallbackWord'),
          })}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
          {t('templates.list.create')}
        </Button>
      </Stack>
    </EmptyState>
  );
};

/**
 * /templates: the manufacturer's response templates (D21), searched, filtered by language and
 * paged by the server; create and edit in a dialog, delete after a confirmation.
 */
export const TemplatesPage = () => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const params = useTemplatesParams();
  const templates = useQuery(getTemplatesQueryOptions(params.query));
  // The dialog is mounted per opening: 'new', a template to edit, or closed.
  const [editing, setEditing] = useState<TemplateMessage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TemplateMessage | null>(null);

  const [searchInput, setSearchInput] = useSearchInput(params);
  const clearFilters = () => {
    setSearchInput('');
    params.update({ search: '', language: null });
  };

  const languageName = (language: Language) => t(`templates.languages.${language}`);
  const total = templates.data?.total ?? 0;
  const columns: ResponsiveColumn<TemplateMessage>[] = [
    {
      key: 'title',
      header: t('templates.list.columns.title'),
      primary: true,
      cell: (m) => (
        <Anchor
          component="button"
          type="button"
          fw={500}
          ta="left"
          style={{ overflowWrap: 'anywhere' }}
          onClick={() => setEditing(m)}
        >
          {m.title}
        </Anchor>
      ),
    },
    {
      key: 'language',
      header: t('templates.list.columns.language'),
      cell: (m) => (
        <Badge variant="light" color="gray">
          {languageName(m.language)}
        </Badge>
      ),
    },
    {
      key: 'text',
      header: t('templates.list.columns.text'),
      cell: (m) => (
        <Text fz="sm" c="dimmed" lineClamp={2} lang={m.language} style={{ overflowWrap: 'anywhere' }}>
          {excerpt(m.text)}
        </Text>
      ),
    },
    {
      key: 'updated',
      header: t('templates.list.columns.updated'),
      cell: (m) => <Text fz="sm">{formatDate(m.updatedAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('templates.list.columns.actions'),
      cell: (m) => (
        <RowEditDelete
          edit={{
            tooltip: t('templates.list.edit'),
            label: t('templates.list.editLabel', { title: m.title }),
            onClick: () => setEditing(m),
          }}
          remove={{
            tooltip: t('templates.list.delete'),
            label: t('templates.list.deleteLabel', { title: m.title }),
            onClick: () => setDeleting(m),
          }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.templates.title')}
        description={t('pages.templates.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('templates.list.create')}
          </Button>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('templates.list.search')}
            placeholder={t('templates.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchInput}
            onChange={(e) => setSearchInput(e.currentTarget.value)}
            miw={240}
          />
          <NativeSelect
            label={t('templates.list.language')}
            data={[
              { value: '', label: t('templates.list.allLanguages') },
              ...languages.map((l) => ({ value: l, label: languageName(l) })),
            ]}
            value={params.language ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              params.update({ language: isLanguage(value) ? value : null });
            }}
            w={200}
          />
        </Group>
        <PagedTable
          {...pagedQueryProps(templates)}
          columns={columns}
          rowKey={(m) => m._id}
          label={t('templates.list.label')}
          page={params.page}
          pageSize={templatesPageSize}
          onPageChange={(page) => params.update({ page })}
          loadingRows={5}
          totalLabel={t('templates.list.total', { count: total })}
          empty={
            params.filtered ? (
              <EmptyState
                icon={<IconSearch size={28} aria-hidden />}
                title={t('templates.list.noMatchTitle')}
                description={t('templates.list.noMatchText')}
              >
                <Button variant="light" onClick={clearFilters}>
                  {t('templates.list.clearFilters')}
                </Button>
              </EmptyState>
            ) : (
              <TemplatesExplained onCreate={() => setEditing('new')} />
            )
          }
        />
      </Stack>
      {editing ? (
        <TemplateFormModal
          template={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </>
  );
};
