import { api } from '@parley/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { createTestBackend } from '@/testing/test-backend';
import { renderInProviders } from '@/testing/test-utils';
import { ContactListMultiPicker, ContactListPicker } from '../contact-list-picker';

const noLists = () => {
  const backend = createTestBackend();
  backend.signInStored();
  backend.server.on(api.contactLists.list, () => ({ body: { documents: [], total: 0 } }));
  return backend;
};

/** The ARIA rules axe checks on what is open now (colours and landmarks need a real browser). */
const ariaViolations = async () => {
  const result = await axe.run(document.body, {
    runOnly: { type: 'rule', values: ['aria-required-children', 'aria-required-parent', 'list', 'listitem'] },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};

describe('the contact-list pickers of an owner with no lists', () => {
  const opens = async (picker: React.ReactElement) => {
    noLists();
    const user = userEvent.setup();
    renderInProviders(picker);
    await user.click(screen.getByRole('combobox', { name: 'Contact list' }));
    const none = await screen.findByRole('option', { name: /no contact lists/i });
    expect(none).toHaveAttribute('aria-disabled', 'true');
    expect(await ariaViolations()).toEqual([]);
  };

  it('(one list) open a listbox that says there are none, read as an option', async () => {
    await opens(<ContactListPicker label="Contact list" value={null} onChange={() => {}} />);
  });

  it('(several lists) open a listbox that says there are none, read as an option', async () => {
    await opens(<ContactListMultiPicker label="Contact list" value={[]} onChange={() => {}} />);
  });
});
