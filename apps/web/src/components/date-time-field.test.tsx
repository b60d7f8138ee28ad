import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { DateTimeField } from './date-time-field';

const Harness = ({ initial, onValue }: { initial: string; onValue?: (value: string) => void }) => {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <DateTimeField
        label="End date and time"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
    </MantineProvider>
  );
};

describe('date-time field', () => {
  it('writes the moment in the console language, not the browser’s: German 24-hour, English 12-hour', async () => {
    await i18n.changeLanguage('de');
    const { unmount } = render(<Harness initial="2027-03-15 18:30:00" />);
    const field = screen.getByRole('button', { name: /End date and time/ });
    expect(field).toHaveTextContent('15.03.2027 18:30');
    // Named by its label and by its own text, so a screen reader hears the chosen moment too
    // (jsdom's name computation skips the self-reference a browser follows; the browser test checks it).
    expect(field.getAttribute('aria-labelledby')?.split(' ')).toEqual([`${field.id}-label`, field.id]);
    unmount();

    await i18n.changeLanguage('en');
    render(<Harness initial="2027-03-15 18:30:00" />);
    expect(screen.getByRole('button', { name: /End date and time/ })).toHaveTextContent('03/15/2027 6:30 PM');
  });

  it('picks a day from a calendar named in German and hands back a local date-time string', async () => {
    await i18n.changeLanguage('de');
    const user = userEvent.setup();
    const values: string[] = [];
    render(<Harness initial="2027-03-15 18:30:00" onValue={(v) => values.push(v)} />);
    await user.click(screen.getByRole('button', { name: /End date and time/ }));
    // The calendar is a dialog named by the field it belongs to.
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('button', { name: /End date and time/ }).id,
    );
    // dayjs's German locale names the days; Monday starts the week.
    await user.click(within(dialog).getByRole('button', { name: '20 März 2027' }));
    await user.click(within(dialog).getByRole('button', { name: 'Datum und Uhrzeit übernehmen' }));
    expect(values.at(-1)).toBe('2027-03-20 18:30:00');
    expect(screen.getByRole('button', { name: /End date and time/ })).toHaveTextContent('20.03.2027 18:30');
  });
});
