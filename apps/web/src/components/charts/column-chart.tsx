import { useId } from 'react';
import { type ChartNumberFormat, numberFormatOf } from './chart-format';
import s from './charts.module.css';

/** One column: its label on the axis and in the table (e.g. a formatted day) and its value. */
export type ColumnDatum = { key: string; label: string; value: number };

export type ColumnChartProps = ChartNumberFormat & {
  data: readonly ColumnDatum[];
  /** The chart's title (visible, and the caption of its table). */
  title: string;
  /** A sentence under the title, e.g. the time zone the days are counted in. */
  description?: string;
  /** The axes' titles and the table's column headers, e.g. "Day" and "Answers". */
  categoryLabel: string;
  valueLabel: string;
};

/** How many labels the category axis shows at most (the first, the last and evenly between). */
const axisTicks = 5;

const tickIndexes = (length: number) => {
  if (length <= axisTicks) return Array.from({ length }, (_, i) => i);
  const step = (length - 1) / (axisTicks - 1);
  return Array.from({ length: axisTicks }, (_, i) => Math.round(i * step));
};

/**
 * Columns of values over categories, e.g. answers per day: an SVG with labelled axes, and the same data
 * as a visually hidden table for screen readers (the SVG is hidden from them). Plain React and CSS, no
 * Mantine, no i18next: the public shared-results page (Preact) uses it too.
 */
export const ColumnChart = ({
  data,
  title,
  description,
  categoryLabel,
  valueLabel,
  ...format
}: ColumnChartProps) => {
  const f = numberFormatOf(format);
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = Math.max(1, data.length);
  const gap = data.length > 60 ? 0 : 0.2;
  return (
    <figure
      className={s.chart}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
    >
      <figcaption id={`${id}-title`} className={s.figureTitle}>
        {title}
      </figcaption>
      {description && (
        <p id={`${id}-description`} className={s.description}>
          {description}
        </p>
      )}
      <div className={s.plotArea} aria-hidden="true">
        <div className={s.yAxis}>
          <span>{f.number(max)}</span>
          <span className={s.axisTitle}>{valueLabel}</span>
          <span>{f.number(0)}</span>
        </div>
        <svg
          className={s.plot}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          focusable="false"
          role="presentation"
        >
          {data.map((d, i) =>
            d.value > 0 ? (
              <rect
                key={d.key}
                className={s.column}
                x={i + gap / 2}
                width={1 - gap}
                y={100 - (d.value / max) * 100}
                height={(d.value / max) * 100}
              >
                <title>{`${d.label}: ${f.number(d.value)}`}</title>
              </rect>
            ) : null,
          )}
        </svg>
        <div className={s.xAxis}>
          {tickIndexes(data.length).map((i) => (
            <span key={data[i]!.key}>{data[i]!.label}</span>
          ))}
        </div>
        <div className={`${s.axisTitle} ${s.xAxisTitle}`}>{categoryLabel}</div>
      </div>
      <table className={s.visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.key}>
              <th scope="row">{d.label}</th>
              <td>{f.number(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
};
