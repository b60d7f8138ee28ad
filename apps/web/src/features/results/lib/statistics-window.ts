/** The windows offered (days ending today) besides the campaign's own days, the default. */
export const statisticsWindows = [7, 30, 90, 365] as const;

/**
 * The window an address asks for (`days=30`); none (undefined) is the campaign's own days (its start to
 * its end or today, at most 90: docs/product-decisions.md, "Results and statistics"), which the server
 * works out.
 */
export const statisticsWindowFrom = (params: URLSearchParams): number | undefined => {
  const asked = Number(params.get('days'));
  return statisticsWindows.find((d) => d === asked);
};
