import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  mailLinks,
  type Owner,
  ownerToken,
  runAdmin,
  signIn,
  test,
} from './fixtures';

/**
 * The platform area (D19, docs/product-decisions.md "The platform area"): a customer posts feedback
 * on the manufacturer's public page, the owner classifies, answers and publishes it in the console,
 * the public sees it with the answer, the author comments by the private link mailed to them and the
 * owner reads the comment; confirmed reports from three addresses and client networks take a post off the
 * public page and tell the owner; without canUnpublish the console's Unpublish stays visible, disabled,
 * saying why.
 */

/** Addresses of one test: a stamp keeps them apart from every other test's on the shared server. */
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@e2e.parley.test`;

/** The console's sign-in, then the dashboard, as a person arrives. */
const signInToConsole = async (page: Page, owner: Owner) => {
  await page.goto('/login');
  await signIn(page, owner);
  // The sign-in page hands over to the console by a page load: generous on a busy machine.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
};

/** The platform area's feed, reached through the sidebar's Platform section. */
const openFeed = async (page: Page) => {
  await page
    .getByRole('region', { name: 'Platform' })
    .getByRole('link', { name: 'Tickets & posts', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets & posts' })).toBeVisible();
  return page.getByRole('table', { name: 'Posts' });
};

/**
 * A browser of its own, signed out: a customer, the author or a visitor. `from`: the client address
 * it stands for, sent as X-Forwarded-For (the test server believes loopback about it), for what
 * counts once per client network; without it, the browser's own loopback address.
 */
const visitorPage = async (browser: Browser, baseURL: string | undefined, from?: string) => {
  const context = await browser.newContext({
    locale: 'en-US',
    baseURL,
    ...(from ? { extraHTTPHeaders: { 'X-Forwarded-For': from } } : {}),
  });
  return context.newPage();
};

/** The manufacturer's public feedback page, loaded. */
const openFeedbackPage = async (visitor: Page, owner: Owner) => {
  await visitor.goto(`/p/f/${owner.manufacturerId}`);
  await expect(
    visitor.getByRole('heading', { level: 1, name: /^Feedback for E2E Manufacturer / }),
  ).toBeVisible({
    timeout: 30_000,
  });
};

/** A published post on the public page, by its author's name (the heading it is labelled by). */
const publicPost = (visitor: Page, authorName: string) =>
  visitor.getByRole('list', { name: 'Feedback posts' }).getByRole('article', { name: authorName });

/** The console's calls as the owner, for a test's setup only (its screens are what the test drives). */
const ownerApi = async (request: APIRequestContext, owner: Owner) => {
  const headers = { 'x-auth-token': await ownerToken(request, owner) };
  return async <T>(method: string, url: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api${url}`, { method, headers, data });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? undefined : await res.json()) as T;
  };
};

/**
 * A post sent through the public page's own call (setup only; the first test fills the form), and
 * its id from the owner's feed. `publish`: published by the owner's call, as the console does.
 */
const postByApi = async (
  request: APIRequestContext,
  owner: Owner,
  post: { name: string; email: string; text: string },
  opts: { publish?: boolean } = {},
) => {
  const sent = await request.post(`/api/public/feedback/${owner.manufacturerId}`, {
    data: { ...post, consent: true, language: 'en' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const api = await ownerApi(request, owner);
  const feed = await api<{ documents: { _id: string; authorName: string }[] }>('GET', '/owner/me/ticket');
  const id = feed.documents.find((p) => p.authorName === post.name)?._id;
  expect(id, `the post by ${post.name} in the owner's feed`).toBeDefined();
  if (opts.publish) await api('PATCH', `/owner/me/ticket/${id}/publish`);
  return id as string;
};

/** The console's post page, opened from the feed's row by the author's name. */
const openPost = async (page: Page, feed: Locator, authorName: string) => {
  await feed.getByRole('row').filter({ hasText: authorName }).getByRole('link', { name: authorName }).click();
  await expect(page.getByRole('heading', { level: 1, name: authorName })).toBeVisible();
};

test('a customer posts feedback; the owner classifies, answers and publishes it; the author comments by the private link', async ({
  page,
  owner,
  browser,
  baseURL,
}) => {
  test.slow();
  const nora = address('nora');
  const text = 'A bottle holder that fits the small frame would be great.';
  const answer = 'Good idea: a bottle holder for small frames comes this spring.';
  const ownerName = owner.email.split('@')[0] as string;

  // Nora, signed out in a browser of her own, posts on the manufacturer's public page.
  const customer = await visitorPage(browser, baseURL);
  await openFeedbackPage(customer, owner);
  await expect(
    customer.getByText('No feedback has been published yet. Be the first to share yours.'),
  ).toBeVisible();
  const form = customer.getByRole('form', { name: 'Share your feedback' });
  await form.getByRole('textbox', { name: /^Your name/ }).fill('Nora Quist');
  await form.getByRole('textbox', { name: /^Email address/ }).fill(nora);
  await form.getByRole('textbox', { name: /^Your feedback/ }).fill(text);
  await form.getByRole('checkbox', { name: /^I agree that/ }).check();
  await expectAccessible(customer, 'the public feedback page with the form filled in');
  await form.getByRole('button', { name: 'Post feedback' }).click();
  const thanks = customer.getByRole('heading', { name: 'Thank you for your feedback!' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(
    customer.getByText(`We have emailed a private link to ${nora}.`, { exact: false }),
  ).toBeVisible();
  await expect(
    customer.getByText(
      /^Your feedback will appear on this page once E2E Manufacturer .+ has looked at it\.$/,
    ),
  ).toBeVisible();
  // It waits for review: not on the public page yet.
  await expect(publicPost(customer, 'Nora Quist')).toHaveCount(0);
  await customer.context().close();

  // The owner finds it in the platform area's feed: pending, and new.
  await signInToConsole(page, owner);
  const feed = await openFeed(page);
  const row = feed.getByRole('row').filter({ hasText: 'Nora Quist' });
  await expect(row).toContainText(text);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Not classified');
  await expect(row.getByRole('img', { name: 'New from the author' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Pending/ })).toContainText('1');
  await expectAccessible(page, 'the platform area’s feed');
  await openPost(page, feed, 'Nora Quist');
  await expect(page.getByText(text)).toBeVisible();

  // Classified as an idea, answered, then published after the dialog.
  const classification = page.getByRole('combobox', { name: 'Classification' });
  await classification.selectOption({ label: 'Idea' });
  await expect(classification).toHaveValue('idea');
  await expect(classification).toBeEnabled();
  await page.getByRole('textbox', { name: 'Answer', exact: true }).fill(answer);
  await page.getByRole('button', { name: 'Save and email' }).click();
  await expect(page.getByText('Answer saved; the author is mailed.')).toBeVisible();
  const answerSection = page.getByRole('region', { name: 'Your public answer' });
  await expect(answerSection.getByText('Shown under the post')).toBeVisible();
  await expect(answerSection).toContainText(answer);
  await expect(answerSection).toContainText(`By ${ownerName} on`);

  const actions = page.getByRole('group', { name: "Change the post's state" });
  await actions.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish this post?' });
  await expect(dialog).toContainText(
    'It appears on your public feedback page with your answer and the comments.',
  );
  await expectAccessible(page, 'the publish dialog');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Post published', { exact: true })).toBeVisible();
  // The header says published and idea; the state log has the change, by the owner by name.
  const states = page.getByText(/^Posted on /).locator('xpath=..');
  await expect(states).toContainText('Published');
  await expect(states).toContainText('Idea');
  const log = page.getByRole('region', { name: 'State log' });
  const entries = log.getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Pending → Published');
  await expect(entries.first()).toContainText(`${ownerName},`);
  // Published, only Unpublish and Report are left.
  await expect(actions.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

  // Signed out, anyone sees the post with the owner's answer, never its classification (the owner's own).
  const visitor = await visitorPage(browser, baseURL);
  await openFeedbackPage(visitor, owner);
  const published = publicPost(visitor, 'Nora Quist');
  await expect(published).toContainText(text);
  await expect(published).not.toContainText('Idea');
  const publicAnswer = published.getByRole('region', { name: /^Answer from E2E Manufacturer / });
  await expect(publicAnswer).toContainText(answer);
  await expect(visitor.getByText('1 post', { exact: true })).toBeVisible();
  await expectAccessible(visitor, 'the public feedback page with a published post');
  // Its own page, by its link.
  await published.getByRole('link', { name: 'Link to this post' }).click();
  await expect(visitor).toHaveURL(/\/p\/f\/[^/]+\/post\/[^/]+$/);
  const own = visitor.getByRole('article', { name: 'Nora Quist' });
  await expect(own.getByRole('region', { name: /^Answer from E2E Manufacturer / })).toContainText(answer);
  await visitor.context().close();

  // The answer reached Nora's mailbox with her private link, which she opens.
  const mailed = await mailLinks(nora, { containing: answer });
  const mine = mailed.find((l) => /\/p\/f\/[^/]+\/mine\/[^/?#]+$/.test(l));
  expect(mine, 'the private link (/p/f/…/mine/…) in the answer’s mail').toBeDefined();
  const author = await visitorPage(browser, baseURL);
  await author.goto(new URL(mine as string).pathname);
  await expect(
    author.getByRole('heading', { level: 1, name: /^Your feedback for E2E Manufacturer / }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(author.getByText(/^Your feedback is public on the page of E2E Manufacturer /)).toBeVisible();
  await expect(author.getByRole('link', { name: 'See it on the public page' })).toBeVisible();
  const hers = author.getByRole('article', { name: 'Your feedback' });
  await expect(hers).toContainText(text);
  await expect(hers.getByRole('region', { name: /^Answer from E2E Manufacturer / })).toContainText(answer);
  await expectAccessible(author, 'the author’s private page');

  // She comments.
  const reply = 'Great news! Will it come in black?';
  await author.getByRole('textbox', { name: /^Your comment/ }).fill(reply);
  await author.getByRole('button', { name: 'Send comment' }).click();
  await expect(author.getByText('Your comment has been sent.')).toBeVisible();
  const comments = hers.getByRole('list', { name: 'Comments, oldest first' });
  await expect(comments.getByRole('listitem')).toHaveCount(1);
  await expect(comments.getByRole('listitem')).toContainText('You');
  await expect(comments.getByRole('listitem')).toContainText(reply);
  await expect(author.getByRole('textbox', { name: /^Your comment/ })).toHaveValue('');
  await author.context().close();

  // The owner sees it: the feed marks the post new again, and the post shows the comment as new.
  await openFeed(page);
  await expect(row.getByRole('img', { name: 'New from the author' })).toBeVisible();
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Idea');
  await expect(row.getByText('1 comment', { exact: true })).toBeAttached();
  await openPost(page, feed, 'Nora Quist');
  await expect(page.getByText('1 new comment from the author')).toBeVisible();
  const comment = page
    .getByRole('list', { name: 'Comments' })
    .getByRole('article', { name: /^Comment from Nora Quist \(author\)/ });
  await expect(comment).toContainText(reply);
  await expect(comment.getByText('New', { exact: true })).toBeVisible();
  // Opening her private link confirmed her address.
  await expect(
    page.getByRole('region', { name: 'Author' }).getByText('Confirmed', { exact: true }),
  ).toBeVisible();
});

test('three visitors’ confirmed reports, one per address and client network, take a published post off the public page and tell the owner; the console shows it unpublished by them', async ({
  page,
  owner,
  browser,
  baseURL,
}) => {
  test.slow();
  const text = 'The shop staff were rude to me, shame on them all.';
  await postByApi(
    page.request,
    owner,
    { name: 'Otto Grim', email: address('otto'), text },
    { publish: true },
  );

  // Visitors, each in a browser of their own, report it and confirm by the link mailed to them. A
  // confirmed report counts once per address and once per client network (docs/product-decisions.md,
  // "Visitors' reports"): the second browser is in the first one's network (the same /24), and the
  // fourth never confirms, so the post is still public for the fifth, whose report, the third network
  // and address confirmed, takes it off. Addresses from the documentation ranges (RFC 5737, 3849).
  const visitors = [
    { from: '192.0.2.10', reason: 'Insults the staff.' },
    { from: '192.0.2.77', reason: 'Same office, same opinion.' },
    { from: '198.51.100.23', reason: '', onItsOwnPage: true },
    { from: '2001:db8:5:5::1', reason: 'Made up by a script.', unconfirmed: true },
    { from: '203.0.113.5', reason: 'Not true.' },
  ];
  for (const [i, { from, reason, onItsOwnPage, unconfirmed }] of visitors.entries()) {
    const visitor = await visitorPage(browser, baseURL, from);
    await openFeedbackPage(visitor, owner);
    let post = publicPost(visitor, 'Otto Grim');
    await expect(post).toContainText(text);
    if (onItsOwnPage) {
      await post.getByRole('link', { name: 'Link to this post' }).click();
      post = visitor.getByRole('article', { name: 'Otto Grim' });
      await expect(post).toContainText(text);
    }
    await post.getByRole('button', { name: 'Report the post by Otto Grim' }).click();
    const report = post.getByRole('form', { name: 'Report this post' });
    const reasonField = report.getByRole('textbox', { name: /^Reason \(optional\)/ });
    await expect(reasonField).toBeFocused();
    if (reason) await reasonField.fill(reason);
    const email = address(`reporter${i}`);
    await report.getByRole('textbox', { name: /^Your email address/ }).fill(email);
    if (i === 0) await expectAccessible(visitor, 'the report form');
    await report.getByRole('button', { name: 'Send report' }).click();
    const sent = post.getByRole('status').filter({ hasText: `We have emailed a link to ${email}` });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    if (!unconfirmed) {
      // The link in the mail opens the confirmation page; only its button confirms.
      const link = (await mailLinks(email, { containing: '/report/' })).find((l) => l.includes('/report/'));
      expect(link, 'a /report/ link').toBeDefined();
      const url = new URL(link as string);
      await visitor.goto(`${url.pathname}${url.search}`);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Confirm your report' })).toBeVisible();
      await expect(visitor.getByText(text)).toBeVisible();
      if (i === 0) await expectAccessible(visitor, 'the report confirmation');
      await visitor.getByRole('button', { name: 'Confirm report' }).click();
      const done = visitor.getByRole('status').filter({ hasText: 'Thank you: your report is confirmed.' });
      await expect(done).toBeVisible();
      await expect(done).toBeFocused();
    }
    await visitor.context().close();
  }

  // The third network's confirmed report took it off the public page.
  const visitor = await visitorPage(browser, baseURL);
  await openFeedbackPage(visitor, owner);
  await expect(
    visitor.getByText('No feedback has been published yet. Be the first to share yours.'),
  ).toBeVisible();
  await expect(publicPost(visitor, 'Otto Grim')).toHaveCount(0);
  await visitor.context().close();

  // The owner was told at once, by mail, with the way to the post in the console.
  const told = await mailLinks(owner.email, { containing: "hidden by 3 visitors' reports" });
  expect(told.some((l) => l.includes('/platform/tickets/'))).toBe(true);

  // In the console it is unpublished, by the visitors' reports, with their reasons.
  await signInToConsole(page, owner);
  const feed = await openFeed(page);
  const row = feed.getByRole('row').filter({ hasText: 'Otto Grim' });
  await expect(row).toContainText('Unpublished');
  await expect(row.getByText('3 reports by visitors', { exact: true })).toBeAttached();
  await openPost(page, feed, 'Otto Grim');
  const entries = page.getByRole('region', { name: 'State log' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Pending → Published');
  await expect(entries.nth(1)).toContainText('Published → Unpublished');
  await expect(entries.nth(1)).toContainText("Visitors' reports,");
  await expect(entries.nth(1)).toContainText('Reason: 3 reports by visitors');
  const reports = page.getByRole('region', { name: "Visitors' reports (3)" });
  // One report per network, confirmed ones only: the second browser's and the unconfirmed one are not among them.
  await expect(reports.getByRole('listitem')).toHaveCount(3);
  await expect(reports).toContainText('Insults the staff.');
  await expect(reports).toContainText('Not true.');
  await expect(reports).toContainText('No reason given');
  await expect(reports).not.toContainText('Same office, same opinion.');
  await expect(reports).not.toContainText('Made up by a script.');
  // Unpublished: the owner may publish it again (or report it), not unpublish it.
  const actions = page.getByRole('group', { name: "Change the post's state" });
  await expect(actions.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
});

test('without canUnpublish, Unpublish stays visible but disabled, saying why', async ({ page, owner }) => {
  test.slow();
  const manufacturer = (await runAdmin(
    'manufacturer:set',
    '--manufacturer-id',
    owner.manufacturerId,
    '--set',
    'canUnpublish=false',
  )) as { canUnpublish: boolean };
  expect(manufacturer.canUnpublish).toBe(false);
  await postByApi(page.request, owner, {
    name: 'Ida Lowe',
    email: address('ida'),
    text: 'The bell rusts after one winter.',
  });
  const why = 'Unpublishing posts is not enabled for your account.';

  await signInToConsole(page, owner);
  const feed = await openFeed(page);
  // The feed's bulk action for the chosen posts.
  await feed.getByRole('checkbox', { name: 'Choose the post by Ida Lowe' }).check();
  const bulk = page.getByRole('group', { name: 'Actions for the chosen posts' });
  const bulkUnpublish = bulk.getByRole('button', { name: 'Unpublish' });
  await expect(bulkUnpublish).toBeVisible();
  await expect(bulkUnpublish).toHaveAttribute('aria-disabled', 'true');
  await expect(bulkUnpublish).toHaveAccessibleDescription(why);
  // Playwright waits for an aria-disabled button to become enabled: the click is forced, as a person's is.
  await bulkUnpublish.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await bulk.getByRole('button', { name: 'Clear choice' }).click();

  // The post's own action: visible, disabled, its tooltip on hover; a click opens nothing.
  await openPost(page, feed, 'Ida Lowe');
  const actions = page.getByRole('group', { name: "Change the post's state" });
  await expect(actions.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  const unpublish = actions.getByRole('button', { name: 'Unpublish' });
  await expect(unpublish).toBeVisible();
  await expect(unpublish).toHaveAttribute('aria-disabled', 'true');
  await expect(unpublish).toHaveAccessibleDescription(why);
  await unpublish.hover();
  await expect(page.getByRole('tooltip')).toHaveText(why);
  await expectAccessible(page, 'the disabled Unpublish with its tooltip');
  await unpublish.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/^Posted on /).locator('xpath=..')).toContainText('Pending');
});
