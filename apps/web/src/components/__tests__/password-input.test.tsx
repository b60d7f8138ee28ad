import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { PasswordInput } from '../password-input';

describe('PasswordInput', () => {
  it('puts the show-password toggle in the Tab order, right after the field', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <PasswordInput label="Password" />
        <button type="button">Next</button>
      </MantineProvider>,
    );
    const field = screen.getByLabelText('Password');
    await user.click(field);
    await user.keyboard('secret');
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(field).toHaveAttribute('type', 'text');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });
});
