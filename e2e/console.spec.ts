import { expect, expectAccessible, scrollUntilVisible, signIn, test } from './fixtures';

test('switching the language to German changes the texts and survives a reload', async ({ page, owner }) => {
  await page.goto('/login');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });

  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Konto' })).toBeVisible();
  await expectAccessible(page, 'the German dashboard');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kontakte' })).toBeVisible();

  // The choice is the browser's, not the session's: the login page stays German after sign-out.
  await page.getByRole('button', { name: 'Konto' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Parley anmelden' })).toBeVisible();
  await expect(page.getByLabel('E-Mail', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the German login page');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
});

test('the API documentation loads without signing in', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.ok()).toBe(true);
  await expect(page.getByText('Parley API', { exact: false }).first()).toBeVisible();
  await page.mouse.move(400, 400);
  await scrollUntilVisible(page, page.getByText(/owner\/me\/small/));
});
