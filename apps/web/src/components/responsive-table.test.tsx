import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cardsQuery, type ResponsiveColumn, ResponsiveTable } from './responsive-table';

type Row = { id: string; title: string; state: string };
const rows: Row[] = [
  { id: '1', title: 'Spring bikes', state: 'Running' },
  { id: '2', title: 'Winter tyres', state: 'Draft' },
];
const columns: ResponsiveColumn<Row>[] = [
  { key: 'title', header: 'Title', primary: true, cell: (r) => <strong>{r.title}</strong> },
  { key: 'state', header: 'State', cell: (r) => r.state },
];

const realMatchMedia = window.matchMedia;
/** A screen narrower than the breakpoint: only the cards query matches. */
const narrowScreen = () => {
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query === cardsQuery });
};
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

const renderList = () =>
  render(
    <MantineProvider env="test">
      <ResponsiveTable columns={columns} rows={rows} rowKey={(r) => r.id} label="Campaigns" />
    </MantineProvider>,
  );

describe('responsive table', () => {
  it('is a table on a wide screen, named, with a header per column', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Campaigns' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'State']);
    expect(within(table).getByRole('row', { name: /Winter tyres/ })).toHaveTextContent('Draft');
  });

  it('is a list of cards on a narrow screen, each keeping every column under its header', () => {
    narrowScreen();
    renderList();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Campaigns' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const second = cards[1] as HTMLElement;
    // The primary column heads the card without its header; the others follow as term and value.
    expect(second.firstElementChild?.firstElementChild).toHaveTextContent('Winter tyres');
    expect(within(second).getByRole('term')).toHaveTextContent('State');
    expect(within(second).getByRole('definition')).toHaveTextContent('Draft');
    expect(within(second).queryByText('Title')).toBeNull();
  });
});
