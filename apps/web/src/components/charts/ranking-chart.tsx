import { type ChartNumberFormat, numberFormatOf } from './chart-format';
import s from './charts.module.css';

/** One ranked option: a ranking question's option result (the contract's `OptionResult` fits). */
export type RankingItem = {
  _id: string;
  text: string;
  removed?: boolean;
  /** Mean and median position, 1 = best; null when never ranked. */
  meanPosition: number | null;
  medianPosition: number | null;
  /** How many put it at position 1, 2, … */
  positions: readonly number[];
};

export type RankingChartLabels = {
  /** The table's caption, e.g. the question or "Ranking". */
  caption: string;
  /** Column headers. */
  option: string;
  mean: string;
  median: string;
  /** A position's column header for screen readers, e.g. `(2) => "Position 2"` (seen as "2"). */
  position: (position: number) => string;
  /** The mark of a removed option. */
  removed: string;
  /** Shown for a mean or median of an option never ranked, e.g. "–". */
  none?: string;
};

export type RankingChartProps = ChartNumberFormat & {
  items: readonly RankingItem[];
  labels: RankingChartLabels;
};

/** Options by mean position, best first; never ranked last. */
const byMean = (a: RankingItem, b: RankingItem) =>
  (a.meanPosition ?? Number.POSITIVE_INFINITY) - (b.meanPosition ?? Number.POSITIVE_INFINITY);

/**
 * A ranking question's result: a table of its options ordered by mean position (1 = best) with mean and
 * median, and a heat grid of option × position (the cell's shade by its count, the count in the cell). A
 * real table, so a screen reader reads every cell with its headers. Plain React and CSS, no Mantine, no
 * i18next: the public shared-results page (Preact) uses it too.
 */
export const RankingChart = ({ items, labels, ...format }: RankingChartProps) => {
  const f = numberFormatOf(format);
  const sorted = [...items].sort(byMean);
  const columns = Math.max(0, ...items.map((i) => i.positions.length));
  const max = Math.max(1, ...items.flatMap((i) => i.positions));
  const none = labels.none ?? '–';
  return (
    <div className={`${s.chart} ${s.tableWrap}`}>
      <table className={s.rankingTable}>
        <caption className={s.visuallyHidden}>{labels.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.option}</th>
            <th scope="col">{labels.mean}</th>
            <th scope="col">{labels.median}</th>
            {Array.from({ length: columns }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the positions are the columns
              <th scope="col" key={i}>
                <span aria-hidden="true">{i + 1}</span>
                <span className={s.visuallyHidden}>{labels.position(i + 1)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((item) => (
            <tr key={item._id}>
              <th scope="row">
                {item.text}
                {item.removed && <span className={s.removedMark}> ({labels.removed})</span>}
              </th>
              <td>{item.meanPosition === null ? none : f.decimal(item.meanPosition)}</td>
              <td>{item.medianPosition === null ? none : f.decimal(item.medianPosition)}</td>
              {Array.from({ length: columns }, (_, i) => {
                const count = item.positions[i] ?? 0;
                const alpha = count === 0 ? 0 : 0.12 + 0.88 * (count / max);
                return (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the positions are the columns
                    key={i}
                    className={`${s.heat} ${alpha > 0.55 ? s.heatStrong : ''}`}
                    style={{ background: `rgba(var(--chart-heat-rgb), ${alpha})` }}
                  >
                    {f.number(count)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
