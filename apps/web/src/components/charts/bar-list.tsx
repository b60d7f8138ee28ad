import { type ChartNumberFormat, numberFormatOf } from './chart-format';
import s from './charts.module.css';

/** One bar: a choice option's result (the contract's `OptionResult` fits as it is). */
export type BarListItem = {
  _id: string;
  /** The option's text. */
  text: string;
  /** How many chose it. */
  count: number;
  /** Of those who answered the question, 0 to 1 (a multi-choice question's shares add up to more). */
  share: number;
  /** The option is no longer in the question: marked with `removedLabel`. */
  removed?: boolean;
};

export type BarListProps = ChartNumberFormat & {
  items: readonly BarListItem[];
  /** The mark of a removed option, e.g. "removed". */
  removedLabel: string;
  /** The list's accessible name (or `labelledBy`, the id of a heading naming it). */
  label?: string;
  labelledBy?: string;
};

/**
 * Horizontal bars for a choice question's options: label, count and share. A list a screen reader reads
 * as "label: count, percent" per option (the bars themselves are hidden from it). Plain React and CSS,
 * no Mantine, no i18next: the public shared-results page (Preact) uses it too.
 */
export const BarList = ({ items, removedLabel, label, labelledBy, ...format }: BarListProps) => {
  const f = numberFormatOf(format);
  return (
    <ul className={`${s.chart} ${s.barList}`} aria-label={label} aria-labelledby={labelledBy}>
      {items.map((item) => {
        const width = `${Math.max(0, Math.min(1, item.share)) * 100}%`;
        return (
          <li key={item._id} className={`${s.barRow} ${item.removed ? s.removed : ''}`}>
            <span className={s.barLabel}>
              {item.text}
              {item.removed && <span className={s.removedMark}> ({removedLabel})</span>}
              <span className={s.visuallyHidden}>: </span>
            </span>
            <span className={s.barValue}>
              {f.number(item.count)}
              <span className={s.visuallyHidden}>, </span>
              <span className={s.dimmed} aria-hidden="true">
                {' · '}
              </span>
              <span className={s.dimmed}>{f.percent(item.share)}</span>
            </span>
            <span className={s.track} aria-hidden="true">
              <span className={s.fill} style={{ display: 'block', width }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
};
