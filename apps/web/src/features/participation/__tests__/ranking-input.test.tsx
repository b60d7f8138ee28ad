import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { moveItem, RankingInput } from '../components/ranking-input';
import { SurveyLanguageProvider } from '../components/survey-language';

const options = [
  { _id: 'r', text: 'Red' },
  { _id: 'g', text: 'Green' },
  { _id: 'b', text: 'Blue' },
];

const Harness = ({ language = 'en' as const }: { language?: 'en' | 'de' }) => {
  const [value, setValue] = useState(['r', 'g', 'b']);
  return (
    <MantineProvider env="test">
      <SurveyLanguageProvider language={language}>
        <h2 id="q">Rank the colours</h2>
        <RankingInput options={options} value={value} onChange={setValue} labelledBy="q" />
      </SurveyLanguageProvider>
    </MantineProvider>
  );
};

const order = () =>
  within(screen.getByRole('list', { name: 'Rank the colours' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/^\d+\./, ''));

describe('ranking input', () => {
  it('moves the focused item with Alt + Arrow keys, keeps the focus on it and announces the move', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const blue = screen.getAllByRole('listitem')[2]!;
    blue.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['Red', 'Blue', 'Green']);
    expect(screen.getByRole('status')).toHaveTextContent('“Blue” is now at position 2 of 3.');
    // Focus follows the item, so pressing again keeps moving it.
    expect(screen.getAllByRole('listitem')[1]).toHaveFocus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['Blue', 'Red', 'Green']);
    // At the top it stays put.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['Blue', 'Red', 'Green']);
    // Plain arrows are left to the browser (scrolling).
    await user.keyboard('{ArrowDown}');
    expect(order()).toEqual(['Blue', 'Red', 'Green']);
  });

  it('moves items with labelled buttons, the first cannot go up nor the last down', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Move “Red” up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move “Blue” down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move “Red” down' }));
    expect(order()).toEqual(['Green', 'Red', 'Blue']);
    expect(screen.getByRole('button', { name: 'Move “Red” down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Green', 'Blue', 'Red']);
    // Now last: its down button is disabled, so the focus falls back on the item itself.
    expect(screen.getAllByRole('listitem')[2]).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('“Red” is now at position 3 of 3.');
  });

  it('reorders by dragging the grip (any pointer) and announces where the item landed', () => {
    render(<Harness />);
    const items = screen.getAllByRole('listitem');
    // jsdom lays nothing out: each row is 40 px high, one below the other.
    items.forEach((li, i) => {
      li.getBoundingClientRect = () => new DOMRect(0, i * 40, 300, 40);
    });
    const grip = items[2]?.querySelector('[data-drag-handle]') as HTMLElement;
    fireEvent.pointerDown(grip, { pointerId: 1, pointerType: 'touch', clientY: 100 });
    fireEvent.pointerMove(grip, { pointerId: 1, pointerType: 'touch', clientY: 60 });
    // Nothing moves before the finger is lifted; the target row is outlined.
    expect(order()).toEqual(['Red', 'Green', 'Blue']);
    expect(items[1]?.style.outline).toContain('dashed');
    fireEvent.pointerMove(grip, { pointerId: 1, pointerType: 'touch', clientY: 5 });
    fireEvent.pointerUp(grip, { pointerId: 1, pointerType: 'touch', clientY: 5 });
    expect(order()).toEqual(['Blue', 'Red', 'Green']);
    expect(screen.getByRole('status')).toHaveTextContent('“Blue” is now at position 1 of 3.');
  });

  it('drops nothing when the drag is cancelled', () => {
    render(<Harness />);
    const items = screen.getAllByRole('listitem');
    items.forEach((li, i) => {
      li.getBoundingClientRect = () => new DOMRect(0, i * 40, 300, 40);
    });
    const grip = items[0]?.querySelector('[data-drag-handle]') as HTMLElement;
    fireEvent.pointerDown(grip, { pointerId: 1, pointerType: 'mouse', button: 0, clientY: 10 });
    fireEvent.pointerMove(grip, { pointerId: 1, pointerType: 'mouse', clientY: 110 });
    fireEvent.pointerCancel(grip, { pointerId: 1 });
    fireEvent.pointerUp(grip, { pointerId: 1, clientY: 110 });
    expect(order()).toEqual(['Red', 'Green', 'Blue']);
  });

  it("speaks the survey's language", () => {
    render(<Harness language="de" />);
    expect(screen.getByRole('button', { name: '„Green“ nach oben verschieben' })).toBeVisible();
  });

  it('moves an item by index, leaving bad indexes alone', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 3)).toEqual(['a', 'b', 'c']);
  });
});
