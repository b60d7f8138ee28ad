import { MultiSelect } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInProviders } from '@/testing/test-utils';

describe('the theme’s selects', () => {
  it('show “Nothing found” as an option that cannot be chosen, the only one in their listbox', async () => {
    const user = userEvent.setup();
    renderInProviders(
      <MultiSelect label="Country" data={['Germany']} searchable nothingFoundMessage="Nothing found" />,
    );

    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'zz');

    // A listbox holds options (or groups) only (axe: aria-required-children).
    const listbox = await screen.findByRole('listbox');
    const empty = within(listbox).getByRole('option', { name: 'Nothing found' });
    expect(empty).toHaveAttribute('aria-disabled', 'true');
    expect(within(listbox).getAllByRole('option')).toEqual([empty]);
  });
});
