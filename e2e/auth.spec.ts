import { expect, expectAccessible, signIn, test, text } from './fixtures';

// The console's own wording (the server's message differs), so the test proves the code was mapped.
const invalidCredential = 'Wrong email address or password. Check both and try again.';
const tooManyRequests =
  'Too many attempts. Access to this account is blocked for now; please try again later.';

test('a signed-out visit to a console page asks to sign in, then returns there', async ({ page, owner }) => {
  await page.goto('/connect/contacts');
  await expect(page).toHaveURL(/\/login\?destination=%2Fconnect%2Fcontacts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Parley' })).toBeVisible();
  await expectAccessible(page, 'the login page');

  await signIn(page, owner);

  await expect(page).toHaveURL(/\/connect\/contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
});

test('a wrong password shows the invalid-credential message and stays on the login page', async ({
  page,
  owner,
}) => {
  await page.goto('/login');
  await signIn(page, { email: owner.email, password: `${owner.password}-wrong` });

  await expect(page.getByRole('alert').filter({ hasText: invalidCredential })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page, 'the login page with an error notification');
});

test('after five failed sign-ins for one address the console says there were too many', async ({
  page,
  owner,
}) => {
  await page.goto('/login');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, { email: owner.email, password: `wrong-${attempt}` });
    const message = page.getByRole('alert').filter({ hasText: invalidCredential });
    await expect(message).toBeVisible();
    // Error notifications stay until confirmed: close each one, as a person would.
    await message.getByRole('button').click();
    await expect(message).toBeHidden();
  }

  // Even the right password is refused now.
  await signIn(page, owner);
  await expect(page.getByRole('alert').filter({ hasText: tooManyRequests })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a reload keeps the session', async ({ page, owner }) => {
  await page.goto('/login');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await expectAccessible(page, 'the dashboard');
  await page.goto('/connect/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.reload();

  await expect(page).toHaveURL(/\/connect\/campaigns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('button', { name: text.account })).toBeVisible();
});

test('signing out returns to the login page and console pages ask to sign in again', async ({
  page,
  owner,
}) => {
  await page.goto('/login');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: text.account }).click();
  await page.getByRole('menuitem', { name: text.signOut }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Parley' })).toBeVisible();

  await page.goto('/connect/contacts');
  await expect(page).toHaveURL(/\/login\?destination=%2Fconnect%2Fcontacts$/);
  // The console leaves for the sign-in page by a page load: reload only once that page is there, or
  // the reload races the page load (net::ERR_ABORTED).
  await expect(page.getByLabel(text.password)).toBeVisible();
  // The session is gone for good, not just hidden: a reload does not bring it back.
  await page.reload();
  await expect(page.getByLabel(text.password)).toBeVisible();
});

test('a destination outside the console is ignored after sign-in', async ({ page, owner, baseURL }) => {
  await page.goto('/login?destination=https://evil.example/x');
  await signIn(page, owner);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Protocol-relative (//host) is another origin too; signed in, /login forwards at once.
  await page.goto(`/login?destination=${encodeURIComponent('//evil.example')}`);
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto('/login?destination=//evil.example/x');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a protocol-relative destination is ignored on sign-in', async ({ page, owner, baseURL }) => {
  await page.goto('/login?destination=//evil.example');
  await signIn(page, owner);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
