import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';

/** The phone every screen must fit (docs/product-decisions.md, Console): nothing wider than its viewport. */
export const phone = { width: 390, height: 844 };

type Language = 'de' | 'en';
const other = (language: string): Language => (language === 'de' ? 'en' : 'de');

/** Where the console keeps a person's choice of language (apps/web/src/lib/storage.ts). */
const localeKey = 'parley.locale';

/**
 * Waits for running transitions (a dialog fading in, a notification sliding up) to end, so axe
 * measures colours as a person sees them and not half-faded. Endless ones (loaders) are skipped.
 */
export const settle = (page: Page) =>
  page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const done = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });

/**
 * The page's width at the phone's viewport and, when wider, the elements that stick out: those
 * whose right edge passes the viewport while their parent's does not (where the overflow starts),
 * then the widest; an element inside a scrolling or clipping box that fits is not counted.
 */
const measureWidth = (page: Page) =>
  page.evaluate(async (limit) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const width = document.documentElement.scrollWidth;
    const language = document.documentElement.lang;
    if (width <= limit) return { language, width, offenders: [] as string[] };
    const right = (el: Element) => el.getBoundingClientRect().right;
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible' && right(up) <= limit + 1) return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 2).join('.') : '';
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> right ${Math.round(right(el))} px: "${label.slice(0, 60)}"`;
    };
    const wide = [...document.body.querySelectorAll('*')].filter(
      (el) => right(el) > limit + 1 && el.getBoundingClientRect().width > 0 && !clipped(el),
    );
    const starts = wide.filter((el) => !el.parentElement || right(el.parentElement) <= limit + 1);
    const widest = wide.filter((el) => !starts.includes(el)).sort((a, b) => right(b) - right(a));
    return { language, width, offenders: [...starts, ...widest].slice(0, 8).map(describe) };
  }, phone.width);

type Pass = Awaited<ReturnType<typeof measureWidth>> & { how?: string };

/**
 * Waits for the document to speak `language` (ten seconds at most: a console switch may load the
 * language's texts first); false if it does not.
 */
const speaks = (page: Page, language: string) =>
  page.evaluate(async (target) => {
    for (let i = 0; i < 200 && document.documentElement.lang !== target; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return document.documentElement.lang === target;
  }, language);

/**
 * Switches a console page to `language` in place as another tab's choice is followed
 * (apps/web/src/app/provider.tsx), so an open dialog or drawer stays open.
 */
const switchConsoleLanguage = async (page: Page, language: string) => {
  await page.evaluate(
    ({ value, key }) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    },
    { value: JSON.stringify(language), key: localeKey },
  );
  return speaks(page, language);
};

/** The public pages (D10, `/p/…`) and the sign-in page: their own applications and languages. */
const isPublicOrSignIn = (page: Page) => /^\/(p\/|login\/?$)/.test(new URL(page.url()).pathname);

/**
 * The page's own de/en switch, when it has one (the sign-in page, the feedback pages, the
 * contact-request form): a visible select offering exactly German and English.
 */
const ownLanguageSwitch = async (page: Page): Promise<Locator | null> => {
  const select = page
    .locator('select:visible')
    .filter({ has: page.locator('option[value="de"]') })
    .filter({ has: page.locator('option[value="en"]') });
  return (await select.count()) === 1 ? select : null;
};

/**
 * Chooses `language` in the page's own switch as a person does (the option picked, its change
 * event), without moving the focus or the scroll position a click would.
 */
const choose = (select: Locator, language: string) =>
  select.evaluate((el, value) => {
    (el as HTMLSelectElement).value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, language);

/**
 * A public or sign-in page measured in its other language through its own switch; afterwards the
 * switch, the address it wrote the choice into and the stored choice are as before.
 */
const otherViaSwitch = async (page: Page, select: Locator, measure: () => Promise<Pass>) => {
  const before = await page.evaluate((key) => {
    const stored = localStorage.getItem(key);
    return { href: location.href, stored, language: document.documentElement.lang };
  }, localeKey);
  const next = other(before.language);
  await choose(select, next);
  try {
    await speaks(page, next);
    return { ...(await measure()), how: 'its language switch' };
  } finally {
    await choose(select, before.language);
    await speaks(page, before.language);
    await page.evaluate(
      ({ href, stored, key }) => {
        if (location.href !== href) history.replaceState(history.state, '', href);
        if (stored === null) localStorage.removeItem(key);
        else localStorage.setItem(key, stored);
      },
      { ...before, key: localeKey },
    );
  }
};

/** A language field anywhere in an answer, set to `language` (the campaign's, the post's…). */
const speaking = (value: unknown, language: Language): unknown => {
  if (Array.isArray(value)) return value.map((v) => speaking(v, language));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'language' && (v === 'de' || v === 'en') ? language : speaking(v, language),
    ]),
  );
};

type NewContext = (
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
) => Promise<BrowserContext>;

/**
 * The fixture's own visitor, one per test (made at the first page that needs it, closed at the
 * test's end by closeReplicas): a context at the phone's size whose calls to the public answers
 * read in the language `speak.language` names, and that counts its open calls.
 */
type Replica = { context: BrowserContext; speak: { language: Language }; open: number; last: number };
const replicas = new Map<Browser, Promise<Replica>>();

const replicaOf = (browser: Browser, newContext: NewContext) => {
  let made = replicas.get(browser);
  if (!made) {
    made = (async () => {
      const context = await newContext(browser, { viewport: phone });
      const replica: Replica = { context, speak: { language: 'de' }, open: 0, last: 0 };
      // A blank page of the site's own origin, to write the test's stored state into.
      await context.route('**/__replica-blank', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>replica</title>' }),
      );
      await context.route('**/api/**', async (route) => {
        replica.open += 1;
        try {
          const request = route.request();
          // It only looks: nothing it does may change what the test works with.
          if (request.method() !== 'GET') return await route.abort();
          if (!new URL(request.url()).pathname.startsWith('/api/public/')) return await route.continue();
          const response = await route.fetch();
          if (!(response.headers()['content-type'] ?? '').includes('json'))
            return await route.fulfill({ response });
          const json = speaking(await response.json(), replica.speak.language);
          return await route.fulfill({ response, json });
        } finally {
          replica.open -= 1;
          replica.last = Date.now();
        }
      });
      return replica;
    })();
    replicas.set(browser, made);
  }
  return made;
};

/** Closes the fixture's visitors (at each test's end). */
export const closeReplicas = async () => {
  const made = [...replicas.values()];
  replicas.clear();
  for (const replica of made) await (await replica).context.close().catch(() => undefined);
};

/**
 * A public page without a switch takes its language from what it shows (the campaign's language a
 * manufacturer set, a post's) or from `?lang=` and the visitor's stored or browser language: it is
 * opened again beside the test by the fixture's own visitor (replicaOf), with the test's stored
 * state (a survey's draft among it), as it would show had the manufacturer chosen the other
 * language (the public answers' `language` fields read so), the stored choice and `?lang=` naming
 * it too. The test's own page and context are not touched.
 */
const otherViaReload = async (page: Page, newContext: NewContext, language: string) => {
  const next = other(language);
  const browser = page.context().browser();
  if (!browser) return null;
  const replica = await replicaOf(browser, newContext);
  replica.speak.language = next;
  const url = new URL(page.url());
  const stored = (await page.context().storageState()).origins.find((o) => o.origin === url.origin);
  const items = [
    ...(stored?.localStorage ?? []).filter((item) => item.name !== localeKey),
    { name: localeKey, value: JSON.stringify(next) },
  ];
  const visitor = replica.context.pages()[0] ?? (await replica.context.newPage());
  await visitor.goto(`${url.origin}/__replica-blank`);
  await visitor.evaluate((state) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name, value } of state) localStorage.setItem(name, value);
  }, items);
  url.searchParams.set('lang', next);
  await visitor.goto(url.href);
  // Loaded: no call open for 200 ms (a lazy part's calls start once its script has come).
  for (let waited = 0; waited < 15_000 && (replica.open > 0 || Date.now() - replica.last < 200); waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await speaks(visitor, next);
  await settle(visitor);
  return { ...(await measureWidth(visitor)), how: 'opened again in its other language' };
};

/**
 * Holds the page as it is now to the phone's width: resized to 390×844, in the test's language and
 * the other one, `document.documentElement.scrollWidth` may not pass 390. A console page switches
 * in place (cross-tab sync); a public or sign-in page through its own switch, or, without one, is
 * opened again in the other language beside the test (otherViaReload). The viewport, language,
 * address and stored choice are then put back. Returns the failures, described.
 */
export const phoneWidthProblems = async (page: Page, newContext: NewContext): Promise<string[]> => {
  const viewport = page.viewportSize();
  await page.setViewportSize(phone);
  const passes: Pass[] = [];
  try {
    await settle(page);
    passes.push(await measureWidth(page));
    const language = passes[0]?.language ?? '';
    const measure = async () => {
      await settle(page);
      return measureWidth(page);
    };
    if (isPublicOrSignIn(page)) {
      const select = await ownLanguageSwitch(page);
      const pass = select
        ? await otherViaSwitch(page, select, measure)
        : await otherViaReload(page, newContext, language);
      if (pass) passes.push(pass);
    } else {
      const stored = await page.evaluate((key) => localStorage.getItem(key), localeKey);
      try {
        if (await switchConsoleLanguage(page, other(language))) passes.push(await measure());
      } finally {
        await switchConsoleLanguage(page, language);
        if (stored === null) await page.evaluate((key) => localStorage.removeItem(key), localeKey);
      }
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
  // Both languages, or a failure that says which one the page could not be shown in.
  const seen = passes.map((p) => p.language);
  const wanted = other(seen[0] ?? '');
  return [
    ...(seen.includes(wanted)
      ? []
      : [`${wanted}: the page could not be shown in it (seen in ${seen.join(', ')})`]),
    ...passes
      .filter((p) => p.width > phone.width)
      .map(
        (p) =>
          `${p.language}${p.how ? ` (${p.how})` : ''}: ${p.width} px wide\n    ${p.offenders.join('\n    ')}`,
      ),
  ];
};
