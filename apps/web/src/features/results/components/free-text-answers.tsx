import { Anchor, Button, Group, List, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { freeTextPage } from '@parley/contract';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';
import { usePagedSearch } from '@/lib/use-search-input';
import { useQuestionStats } from '../api/get-question-stats';
import type { ResultFilterQuery } from '../api/result-query-keys';

type Props = { campaignId: string; questionId: string; filter: ResultFilterQuery };

/**
 * A free-text question's answers in the filter, newest first: searched (once typing pauses) and paged
 * by the server, each linking to its ticket.
 */
export const FreeTextAnswers = ({ campaignId, questionId, filter }: Props) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const { page, setPage, searchInput, setSearchInput, search } = usePagedSearch();
  const { data, isPending, isError, refetch } = useQuestionStats({
    ...filter,
    campaignId,
    questionId,
    page,
    limit: freeTextPage.default,
    ...(search ? { search } : {}),
  });
  const answers = data?.questions.find((q) => q.questionId === questionId)?.freeText;
  const total = answers?.total ?? 0;
  const pages = Math.ceil(total / (answers?.limit ?? freeTextPage.default));

  return (
    <Stack gap="sm">
      <TextInput
        label={t('results.freeText.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={searchInput}
        onChange={(e) => setSearchInput(e.currentTarget.value)}
        maw={360}
      />
      {isPending ? (
        <Text fz="sm" c="dimmed" role="status">
          {t('common.loading')}
        </Text>
      ) : isError ? (
        <Group gap="sm">
          <Text fz="sm" c="red.8" role="alert">
            {t('results.freeText.failed')}
          </Text>
          <Button variant="default" size="xs" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : total === 0 ? (
        <Text fz="sm" c="dimmed">
          {search ? t('results.freeText.noMatch') : t('results.freeText.none')}
        </Text>
      ) : (
        <>
          <Text fz="sm" c="dimmed" role="status">
            {t('results.freeText.total', { count: total })}
          </Text>
          <List listStyleType="none" spacing="sm" aria-label={t('results.freeText.label')}>
            {answers?.items.map((answer) => (
              <List.Item key={answer.ticketId ?? `${answer.createdAt}-${answer.text}`}>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {answer.text}
                </Text>
                {answer.ticketId ? (
                  <Anchor component={Link} to={paths.campaignTicket(campaignId, answer.ticketId)} fz="xs">
                    {t('results.freeText.ticketOf', { date: formatDateTime(answer.createdAt) })}
                  </Anchor>
                ) : (
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(answer.createdAt)}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': t(`components.pagedTable.pagination.${control}`),
              })}
              getItemProps={(item) => ({
                'aria-label': t('components.pagedTable.pagination.page', { page: item }),
              })}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
};
