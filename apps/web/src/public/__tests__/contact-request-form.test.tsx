import { api, type ContactRequestFormInfo } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '@/testing/test-backend';
import { currentUrl, renderPublicApp } from '@/testing/test-utils';

// The public application and the form's lazy chunk are transformed on first use; doing it here keeps
// the first test's time its own.
beforeAll(async () => {
  await import('@/public/public-app');
  await import('@/features/participation/components/contact-request-page');
}, 60_000);

const manufacturerId = '22222222-2222-4222-8222-222222222222';
const ofManufacturer = { manufacturerId };
const info: ContactRequestFormInfo = {
  manufacturerName: 'Acme Bikes',
  imageUrl: 'https://example.com/logo.png',
  privacyUrl: 'https://acme.example/privacy',
  imprintUrl: null,
};

const serveForm = (answer: ContactRequestFormInfo = info) => {
  const backend = createTestBackend();
  backend.server.on(api.contactRequests.formInfo, ofManufacturer, () => ({ body: answer }));
  backend.server.on(api.contactRequests.submit, ofManufacturer, () => ({ status: 204 }));
  return backend;
};

type User = ReturnType<typeof renderPublicApp>['user'];

const fillIn = async (user: User) => {
  await user.type(screen.getByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email address/), ' Ada@Example.com ');
  await user.click(screen.getByRole('checkbox', { name: /I agree that Acme Bikes may store my details/ }));
};

const sendButton = () => screen.getByRole('button', { name: 'Send request' });

describe('the contact-request form (/p/r/:manufacturerId)', () => {
  it('checks every field, focusing the first wrong one, then sends the request and thanks', async () => {
    const backend = serveForm();
    const { user } = renderPublicApp(`/p/r/${manufacturerId}?lang=en`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get in touch with Acme Bikes' }),
    ).toBeVisible();
    expect(document.title).toBe('Contact Acme Bikes');
    const consent = screen.getByRole('checkbox', { name: /I agree that Acme Bikes may store my details/ });
    expect(
      within(consent.closest('label') as HTMLElement).getByRole('link', { name: 'Privacy notice' }),
    ).toHaveAttribute('href', 'https://acme.example/privacy');

    await user.click(sendButton());
    const first = screen.getByLabelText(/^First name/);
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Please enter your first name.');
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription('Please enter your last name.');
    expect(screen.getByLabelText(/^Email address/)).toHaveAccessibleDescription(
      'Please enter your email address.',
    );
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Please agree, so that your request can be sent.');

    await user.type(first, 'Ada1');
    expect(first).toHaveAccessibleDescription(
      'Please use letters only (spaces, hyphens and apostrophes are fine).',
    );
    await user.clear(first);
    await user.type(screen.getByLabelText(/^Phone number/), '030 123 call me');
    expect(screen.getByLabelText(/^Phone number/)).toHaveAccessibleDescription(
      'For example +49 170 1234567 or 0170 1234567. This does not look like a phone number. Please check it, and give the country code (such as +43) for a number from abroad.',
    );
    await user.clear(screen.getByLabelText(/^Phone number/));
    // Written as people write it (the server stores it in E.164).
    await user.type(screen.getByLabelText(/^Phone number/), '+49 (30) 123-45/67');
    const message = screen.getByLabelText('Message (optional)');
    await user.type(message, ' Hello there ');
    expect(message).toHaveAccessibleDescription('11 of 2000 characters');
    await fillIn(user);
    expect(backend.server.requestsTo(api.contactRequests.submit)).toHaveLength(0);
    await user.click(sendButton());

    const thanks = await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(
      screen.getByText('Your request has been sent. Acme Bikes will get in touch with you.'),
    ).toBeVisible();
    const sent = backend.server.requestsTo(api.contactRequests.submit, ofManufacturer);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'Ada@Example.com',
      phoneNumber: '+49 (30) 123-45/67',
      message: 'Hello there',
      consent: true,
      language: 'en',
    });
    // What the server validates it with.
    expect(api.contactRequests.submit.body.safeParse(sent[0]?.body).success).toBe(true);
    expect(currentUrl()).toBe(`/p/r/${manufacturerId}?lang=en`);
  });

  it("links the manufacturer's own privacy notice and imprint in the consent and the footer", async () => {
    serveForm({
      ...info,
      privacyUrl: 'https://acme.example/datenschutz',
      imprintUrl: 'https://acme.example/impressum',
    });
    renderPublicApp(`/p/r/${manufacturerId}?lang=en`);
    const consent = await screen.findByRole('checkbox', {
      name: /I agree that Acme Bikes may store my details/,
    });
    expect(
      within(consent.closest('label') as HTMLElement).getByRole('link', { name: 'Privacy notice' }),
    ).toHaveAttribute('href', 'https://acme.example/datenschutz');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
      'href',
      'https://acme.example/datenschutz',
    );
    expect(within(footer).getByRole('link', { name: 'Imprint' })).toHaveAttribute(
      'href',
      'https://acme.example/impressum',
    );
  });

  it('keeps the bot trap out of reach: off screen, out of the tab order, hidden from screen readers', async () => {
    const backend = serveForm();
    const { user } = renderPublicApp(`/p/r/${manufacturerId}`);
    await screen.findByRole('heading', { level: 1 });

    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    const frame = trap.closest('[aria-hidden="true"]') as HTMLElement;
    expect(frame).not.toBeNull();
    // Off screen rather than display: none, which bots recognise and skip.
    expect(frame.style.position).toBe('absolute');
    expect(frame.style.left).toBe('-10000px');
    expect(frame.style.display).not.toBe('none');
    // Not among the fields a screen reader lists.
    expect(screen.queryByRole('textbox', { name: /Leave this field empty/ })).toBeNull();

    // Tabbing through the whole page never lands on it.
    const reached = new Set<Element | null>();
    for (let i = 0; i < 15; i += 1) {
      await user.tab();
      reached.add(document.activeElement);
    }
    expect(reached.has(trap)).toBe(false);
    expect(reached.has(screen.getByLabelText(/^First name/))).toBe(true);

    // A person never fills it, so the request carries none; a bot's would (the server drops it).
    await fillIn(user);
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    expect(backend.server.requestsTo(api.contactRequests.submit)[0]?.body).not.toHaveProperty('website');
  });

  it('says when too many requests came from here, and keeps what was entered', async () => {
    const backend = serveForm();
    backend.server.on(api.contactRequests.submit, ofManufacturer, () => ({
      status: 429,
      body: { code: 'rate-limit', message: 'Too many requests' },
    }));
    const { user } = renderPublicApp(`/p/r/${manufacturerId}`);
    await screen.findByRole('heading', { level: 1 });
    await fillIn(user);
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests have been sent from here. Please wait a few minutes and try again.',
    );
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/^Email address/)).toHaveValue('Ada@Example.com');

    // Later it goes through.
    backend.server.on(api.contactRequests.submit, ofManufacturer, () => ({ status: 204 }));
    await user.click(sendButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  });

  it('keeps what was entered when the request got no answer', async () => {
    const backend = serveForm();
    backend.server.on(api.contactRequests.submit, ofManufacturer, () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderPublicApp(`/p/r/${manufacturerId}`);
    await screen.findByRole('heading', { level: 1 });
    await fillIn(user);
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your request could not be sent. Please check your connection and try again. What you entered is kept.',
    );
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Lovelace');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeChecked();
    expect(backend.server.requestsTo(api.contactRequests.submit)).toHaveLength(1);
  });

  it('says when the form does not exist', async () => {
    createTestBackend();
    renderPublicApp(`/p/r/${manufacturerId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This form does not exist' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('speaks German when asked, switches language, and sends the language shown', async () => {
    const backend = serveForm({ ...info, imageUrl: null, privacyUrl: null });
    const { user } = renderPublicApp(`/p/r/${manufacturerId}?lang=de`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kontakt zu Acme Bikes aufnehmen' }),
    ).toBeVisible();
    expect(document.documentElement.lang).toBe('de');
    // Without a privacy address the consent names the notice without a link.
    expect(screen.queryByRole('link', { name: 'Datenschutzhinweise' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    expect(screen.getByLabelText(/^Vorname/)).toHaveAccessibleDescription(
      'Bitte geben Sie Ihren Vornamen ein.',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'en');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get in touch with Acme Bikes' }),
    ).toBeVisible();
    expect(currentUrl()).toBe(`/p/r/${manufacturerId}?lang=en`);
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('Please enter your first name.');
    await fillIn(user);
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    expect(backend.server.requestsTo(api.contactRequests.submit)[0]?.body).toMatchObject({ language: 'en' });
  });
});
