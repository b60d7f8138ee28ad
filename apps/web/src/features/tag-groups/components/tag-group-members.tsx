import { EmptyState, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Contact, TagGroup } from '@parley/contract';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactCell } from '@/components/contact-cell';
import { PagedTable, pagedQueryProps } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { TagChips } from '@/components/tag-chips';
import { usePagedSearch } from '@/lib/use-search-input';
import { useTagGroupMembers } from '../api/get-members';

export const memberPageSize = 20;

/** The group's members now (the contacts with all or any of its tags), newest first, searched and paged. */
export const TagGroupMembers = ({ group }: { group: TagGroup }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const { page, setPage, searchInput, setSearchInput, search } = usePagedSearch();
  const members = useTagGroupMembers(group._id, {
    page,
    limit: memberPageSize,
    ...(search ? { search } : {}),
  });
  const total = members.data?.total ?? 0;
  const groupTags = new Set(group.tags);

  const columns: ResponsiveColumn<Contact>[] = [
    {
      key: 'contact',
      header: t('tagGroups.members.columns.contact'),
      primary: true,
      cell: (m) => <ContactCell contact={m} />,
    },
    {
      key: 'tags',
      header: t('tagGroups.members.columns.tags'),
      // The group's tags the contact has: why it is a member.
      cell: (m) => (
        <TagChips
          tags={m.tags.filter((tag) => groupTags.has(tag))}
          none="—"
          label={t('tagGroups.members.tagsOf', { email: m.email })}
        />
      ),
    },
    {
      key: 'campaigns',
      header: t('tagGroups.members.columns.campaigns'),
      cell: (m) => (
        <Text fz="sm">
          {t('contacts.list.counts', { answered: m.answeredCount, invited: m.invitedCount })}
        </Text>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('tagGroups.members.title')}
        </Title>
        <TextInput
          label={t('tagGroups.members.search')}
          placeholder={t('tagGroups.members.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          maw={360}
        />
        <PagedTable
          {...pagedQueryProps(members)}
          columns={columns}
          rowKey={(m) => m._id}
          label={t('tagGroups.members.label')}
          page={page}
          pageSize={memberPageSize}
          onPageChange={setPage}
          loadingRows={5}
          totalLabel={t('tagGroups.memberCount', { count: total })}
          empty={
            <EmptyState
              icon={<IconUsers size={28} aria-hidden />}
              title={search ? t('tagGroups.members.noMatchTitle') : t('tagGroups.members.emptyTitle')}
              description={
                search
                  ? t('tagGroups.members.noMatchText')
                  : group.tags.length === 0
                    ? t('tagGroups.members.noTagsText')
                    : t('tagGroups.members.emptyText')
              }
            />
          }
        />
      </Stack>
    </section>
  );
};
