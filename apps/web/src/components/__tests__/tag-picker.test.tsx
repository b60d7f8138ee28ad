import { api } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestBackend } from '@/testing/test-backend';
import { renderInProviders } from '@/testing/test-utils';
import { TagPicker } from '../tag-picker';

const tagsInUse = [
  { tag: 'dealer', contactCount: 12 },
  { tag: 'north', contactCount: 1 },
  { tag: 'newsletter', contactCount: 40 },
];

const setUp = () => {
  const backend = createTestBackend();
  backend.signInStored();
  backend.server.on(api.tags.search, ({ query }) => {
    const search = query.get('search') ?? '';
    const documents = tagsInUse.filter((t) => t.tag.includes(search));
    return { body: { documents, total: documents.length } };
  });
  return backend;
};

/** The picker as a form holds it: the value it is given is the last it reported. */
const renderPicker = (initial: string[] = [], props: { maxTags?: number } = {}) => {
  const changes = vi.fn();
  const Harness = () => {
    const [tags, setTags] = useState(initial);
    return (
      <TagPicker
        value={tags}
        onChange={(next) => {
          changes(next);
          setTags(next);
        }}
        {...props}
      />
    );
  };
  const user = userEvent.setup();
  renderInProviders(<Harness />);
  return { changes, user, input: screen.getByRole('combobox', { name: 'Tags' }) };
};

describe('TagPicker', () => {
  it('keeps typed tags trimmed and lowercased, once each', async () => {
    setUp();
    const { changes, user, input } = renderPicker(['vip']);

    await user.type(input, '  Dealer North {Enter}');
    expect(changes).toHaveBeenLastCalledWith(['vip', 'dealer north']);

    // The same tag in other letters is not added twice, and the field says so.
    await user.type(input, 'VIP{Enter}');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('“VIP” is already there.')).toBeVisible();

    // Pasted or comma-separated tags are split, normalised and deduplicated.
    await user.type(input, 'Press, press ,{Enter}');
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith(['vip', 'dealer north', 'press']));
  });

  it('refuses a tag longer than 50 characters and more tags than allowed', async () => {
    setUp();
    const { changes, user, input } = renderPicker(['a'], { maxTags: 2 });

    await user.type(input, `${'x'.repeat(51)}{Enter}`);
    expect(await screen.findByText(/was not added: a tag has at most 50 characters/)).toBeVisible();
    expect(changes).not.toHaveBeenCalled();

    await user.type(input, 'b{Enter}');
    expect(changes).toHaveBeenLastCalledWith(['a', 'b']);
    await user.type(input, 'c{Enter}');
    expect(await screen.findByText('At most 2 tags.')).toBeVisible();
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('suggests the tags in use with their contact counts, searched as typed', async () => {
    const backend = setUp();
    const { changes, user, input } = renderPicker();
    // Nothing is asked before the field is used.
    expect(backend.server.requestsTo(api.tags.search)).toHaveLength(0);

    await user.click(input);
    expect(await screen.findByRole('option', { name: /dealer\s*12 contacts/ })).toBeVisible();
    expect(screen.getByRole('option', { name: /north\s*1 contact$/ })).toBeVisible();

    await user.type(input, 'NE');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.tags.search).at(-1)?.query.get('search')).toBe('ne'),
    );
    await waitFor(() => expect(screen.queryByRole('option', { name: /dealer/ })).toBeNull());
    await user.click(screen.getByRole('option', { name: /newsletter\s*40 contacts/ }));
    expect(changes).toHaveBeenLastCalledWith(['newsletter']);
  });

  it('closes the suggestions once a tag is added, so they never cover what lies below', async () => {
    setUp();
    const { changes, user, input } = renderPicker();
    await user.click(input);
    expect(await screen.findByRole('option', { name: /dealer\s*12 contacts/ })).toBeVisible();

    await user.type(input, 'vip{Enter}');
    expect(changes).toHaveBeenLastCalledWith(['vip']);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    // Typing opens them again.
    await user.type(input, 'n');
    expect(await screen.findByRole('option', { name: /north\s*1 contact$/ })).toBeVisible();
  });

  it('says when the tags in use cannot be loaded, and still takes typed tags', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(api.tags.search, () => ({ status: 500, body: { code: 'internal', message: 'Down' } }));
    const { changes, user, input } = renderPicker();

    await user.click(input);
    expect(await screen.findByText(/The tags in use could not be loaded/)).toBeVisible();
    await user.type(input, 'Solo{Enter}');
    expect(changes).toHaveBeenLastCalledWith(['solo']);
  });
});
