import { Badge, Group, Stack, Tabs, TextInput } from '@mantine/core';
import type { ContactRequestStatus } from '@parley/contract';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { FormAddressCard } from './form-address-card';
import { RequestTable } from './request-table';
import { statuses, useContactRequestsPage } from './use-contact-requests-page';

/**
 * D18's contact requests: people who asked through the manufacturer's public form to connect.
 * The form's address on top, then the requests by status; pending ones can be accepted (into
 * running campaigns) or rejected, one or many at a time.
 */
export const ContactRequestsPage = () => {
  const { t } = useTranslation();
  const {
    status,
    chooseStatus,
    searchInput,
    setSearchInput,
    search,
    page,
    setPage,
    data,
    isPending,
    isFetching,
    counts,
  } = useContactRequestsPage();

  const tabLabel = (s: ContactRequestStatus) => (
    <Group gap={6} wrap="nowrap" component="span">
      {t(`contactRequests.status.${s}`)}
      {counts ? (
        <Badge
          size="sm"
          variant={s === 'pending' && counts.pending > 0 ? 'filled' : 'light'}
          color={s === 'pending' ? 'blue' : 'gray'}
          aria-label={t('contactRequests.tabs.count', { count: counts[s] })}
        >
          {counts[s]}
        </Badge>
      ) : null}
    </Group>
  );

  return (
    <>
      <PageHeader
        title={t('pages.contactRequests.title')}
        description={t('pages.contactRequests.description')}
      />
      <Stack gap="lg">
        <FormAddressCard />
        <Tabs value={status} onChange={chooseStatus} keepMounted={false}>
          <Tabs.List aria-label={t('contactRequests.tabs.label')} mb="md">
            {statuses.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {tabLabel(s)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {statuses.map((s) => (
            <Tabs.Panel key={s} value={s}>
              <Stack gap="md">
                <TextInput
                  label={t('contactRequests.list.search')}
                  placeholder={t('contactRequests.list.searchPlaceholder')}
                  leftSection={<IconSearch size={16} aria-hidden />}
                  value={searchInput}
                  onChange={(e) => setSearchInput(e.currentTarget.value)}
                  maw={360}
                />
                <RequestTable
                  status={s}
                  rows={data?.documents}
                  total={data?.total ?? 0}
                  page={page}
                  onPageChange={setPage}
                  loading={isPending}
                  busy={isFetching}
                  searched={search !== ''}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
};
