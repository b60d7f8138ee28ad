import { expect, signIn, test } from './fixtures';

/**
 * The feed's search field shows its whole German placeholder, on a phone (390 px) and on a laptop
 * (1366 px): the text's drawn width, in the field's own font, fits the field's text box.
 */
for (const width of [390, 1366]) {
  test(`the feed's German search placeholder is not cut at ${width} px`, async ({
    browser,
    baseURL,
    owner,
  }) => {
    const context = await browser.newContext({
      baseURL,
      locale: 'de-DE',
      viewport: { width, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible({ timeout: 30_000 });
    await page.goto('/platform/tickets');
    await expect(page.getByRole('heading', { level: 1, name: 'Tickets & Beiträge' })).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Suche' });
    await expect(search).toBeVisible();
    const fit = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { placeholder: input.placeholder, text: canvas.measureText(input.placeholder).width, room };
    });
    expect(fit.placeholder).not.toBe('');
    expect(fit.text, `placeholder ${fit.text} px in a box of ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    await context.close();
  });
}
