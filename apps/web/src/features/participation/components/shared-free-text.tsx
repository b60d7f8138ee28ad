import type { QuestionResult } from '@parley/contract';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, plainClasses, Stack, Text } from '@/components/plain/plain';
import { formatDate } from '@/lib/format-date';
import { loadSharedFreeText } from '../api/get-shared-results';
import s from './shared-results.module.css';
import { useResultsTranslation } from './shared-results-texts';

type FreeText = NonNullable<QuestionResult['freeText']>;

/**
 * A free-text question's written answers on the shared page, newest first, a page at a time ("more"
 * loads the next one by `?questionId&page`). Only the text and its day: never who wrote it.
 */
export const SharedFreeText = ({
  token,
  questionId,
  first,
  labelledBy,
}: {
  token: string;
  questionId: string;
  first: FreeText;
  /** The id of the question's heading, the list's name. */
  labelledBy: string;
}) => {
  const { t, language } = useResultsTranslation();
  const [items, setItems] = useState(first.items);
  const [page, setPage] = useState(first.page);
  const [total, setTotal] = useState(first.total);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // After "more", the first new answer takes the focus, so a keyboard or screen reader reads on there.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (focusIndex === null) return;
    (list.current?.children[focusIndex] as HTMLElement | undefined)?.focus();
  }, [focusIndex]);

  const more = async () => {
    if (loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const next = await loadSharedFreeText(token, questionId, page + 1);
      if (next) {
        setFocusIndex(next.items.length > 0 ? items.length : null);
        setItems((shown) => [...shown, ...next.items]);
        setPage(next.page);
        setTotal(next.total);
      }
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  if (items.length === 0) return <Text dimmed>{t('sharedResults.freeText.none')}</Text>;
  return (
    <Stack gap={12}>
      <Text dimmed small>
        {t('sharedResults.freeText.shown', { shown: items.length, total })}
      </Text>
      <ul ref={list} className={`${plainClasses.plainList} ${s.freeTextList}`} aria-labelledby={labelledBy}>
        {items.map((item, index) => (
          // The same text may come twice; the place in the list tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: answers only ever append, so the index is stable.
          <li key={index} className={s.freeTextItem} tabIndex={-1}>
            <Text preWrap>{item.text}</Text>
            <Text dimmed small>
              <time dateTime={item.createdAt}>{formatDate(item.createdAt, language)}</time>
            </Text>
          </li>
        ))}
      </ul>
      {failed ? (
        <Alert tone="red" role="alert">
          {t('sharedResults.freeText.moreFailed')}
        </Alert>
      ) : null}
      {items.length < total ? (
        <Button variant="light" loading={loading} onClick={() => void more()} style={{ alignSelf: 'start' }}>
          {t('sharedResults.freeText.more')}
        </Button>
      ) : null}
    </Stack>
  );
};
