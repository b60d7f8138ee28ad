import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarList } from '../bar-list';
import { ColumnChart } from '../column-chart';
import { RankingChart } from '../ranking-chart';

describe('BarList', () => {
  it('reads each option as "label: count, percent" and marks a removed option', () => {
    render(
      <BarList
        locale="en"
        label="Answers to Colour"
        removedLabel="removed"
        items={[
          { _id: 'a', text: 'Red', count: 1234, share: 0.5 },
          { _id: 'b', text: 'Blue', count: 3, share: 0.125, removed: true },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Answers to Colour' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Red: 1,234, · 50%$/);
    expect(items[1]).toHaveTextContent('Blue (removed): 3, · 12.5%');
  });

  it('formats in German', () => {
    render(
      <BarList
        locale="de"
        label="L"
        removedLabel="entfernt"
        items={[{ _id: 'a', text: 'Rot', count: 1234, share: 0.5 }]}
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent(/Rot: 1\.234, · 50\s%/);
  });
});

describe('ColumnChart', () => {
  it('names the figure and gives the data as a table', () => {
    render(
      <ColumnChart
        locale="en"
        title="Answers per day"
        description="Days in Europe/Berlin"
        categoryLabel="Day"
        valueLabel="Answers"
        data={[
          { key: '2026-01-01', label: '01/01/2026', value: 2 },
          { key: '2026-01-02', label: '01/02/2026', value: 0 },
          { key: '2026-01-03', label: '01/03/2026', value: 1500 },
        ]}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Answers per day' })).toHaveAccessibleDescription(
      'Days in Europe/Berlin',
    );
    const table = screen.getByRole('table', { name: 'Answers per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getByRole('rowheader')).toHaveTextContent('01/03/2026');
    expect(within(rows[3]!).getByRole('cell')).toHaveTextContent('1,500');
  });
});

describe('RankingChart', () => {
  it('orders the options by mean position with mean, median and counts per position', () => {
    render(
      <RankingChart
        locale="en"
        labels={{
          caption: 'Ranking of Brands',
          option: 'Option',
          mean: 'Mean',
          median: 'Median',
          position: (n) => `Position ${n}`,
          removed: 'removed',
        }}
        items={[
          { _id: 'a', text: 'Alpha', meanPosition: 2.5, medianPosition: 3, positions: [1, 0, 3] },
          { _id: 'b', text: 'Beta', meanPosition: 1.25, medianPosition: 1, positions: [3, 1, 0] },
          { _id: 'c', text: 'Gamma', removed: true, meanPosition: null, medianPosition: null, positions: [] },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Ranking of Brands' });
    expect(within(table).getByRole('columnheader', { name: 'Position 2' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Beta',
      'Alpha',
      'Gamma (removed)',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1.3', '1', '3', '1', '0']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['–', '–', '0', '0', '0']);
  });
});
