/**
 * Number formatting for the charts (src/components/charts): the caller's functions when given, else
 * `Intl` in `locale` (the console's language, or the shared page's). No i18next: the public pages use
 * these charts too.
 */
export type ChartNumberFormat = {
  /** The console's locale (`en`, `de`, …); ignored for a function passed in. */
  locale?: string;
  /** A count, e.g. `1,234`. */
  formatNumber?: (value: number) => string;
  /** A share from 0 to 1, e.g. `0.5` as `50%`. */
  formatPercent?: (share: number) => string;
};

export const numberFormatOf = ({ locale, formatNumber, formatPercent }: ChartNumberFormat) => {
  const number = formatNumber ?? new Intl.NumberFormat(locale).format;
  const percent =
    formatPercent ?? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format;
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format;
  return { number, percent, decimal };
};
