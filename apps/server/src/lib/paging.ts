/** The offset of a 1-based page of `limit` rows, as the list routes' `page` and `limit` query. */
export const pageOffset = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/**
 * One page of rows and the totals of the whole list, both computed in the database and in
 * parallel (the rest of the list is never loaded). `count` selects at least `total`.
 */
export const pageAndCount = async <Row, Totals extends { total: number }>(
  page: PromiseLike<Row[]>,
  count: PromiseLike<Totals[]>,
) => {
  const [rows, [totals]] = await Promise.all([page, count]);
  return { rows, total: totals?.total ?? 0, totals };
};
