import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/**
 * Screen states a test reaches without calling expectAccessible (a menu, a select's options, a
 * tooltip, a popover, a dialog or drawer opened on the way) are checked too, by construction: every
 * page of every browser context gets axe-core and a MutationObserver at its start. When an element
 * of a popup's kind appears, the page runs axe on that element (after the frames Mantine needs to
 * draw it, its fade-in finished so colours are measured as they end up) and, on a phone-sized
 * viewport, measures the page's width with it open. What fails is reported to the test runner as
 * it happens (a binding, so a page that navigates or closes meanwhile loses nothing); the fixture
 * fails the test on it at the next expectAccessible and at the test's end (e2e/fixtures.ts).
 */

/** What one popup check found: axe's violations from moderate up, or a page wider than the phone. */
export type PopupFinding = { id: string; url: string; popup: string; problems: string[] };

/** Elements that are a popup's own frame: ARIA popups and dialogs, and Mantine's dropdowns. */
const popupSelector = [
  '[role="menu"]',
  '[role="listbox"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="tooltip"]',
  'dialog[open]',
  '.mantine-Popover-dropdown',
  '.mantine-Menu-dropdown',
  '.mantine-Combobox-dropdown',
  '.mantine-HoverCard-dropdown',
  '.mantine-Tooltip-tooltip',
].join(',');

type WatchOptions = {
  selector: string;
  /** axe impacts that fail, as the fixture's own check (fixtures.ts, blockingImpacts). */
  impacts: string[];
  /** At this viewport width or narrower the page's width is measured with the popup open. */
  phoneWidth: number;
  /** Each page checks at most this many popups (the same popup twice counts once). */
  maxChecks: number;
  binding: string;
};

/** The state a page's watcher offers to the fixture (window.__parleyPopupChecks). */
type Watcher = {
  /** Resolves once a check running now has ended. */
  pause: () => Promise<void>;
  resume: () => void;
  /** Runs the checks still waiting now and resolves once all have ended, with this document's findings. */
  flush: () => Promise<{ findings: PopupFinding[]; checks: number; document: string }>;
  /**
   * axe on the whole page with this page's axe (loaded once per document, where AxeBuilder injects
   * its source again at every check): the fixture's own check (fixtures.ts, expectAccessible).
   */
  runPage: () => Promise<AxeResults['violations']>;
};

/**
 * Runs in the page (serialised into an init script, so it uses nothing from outside itself). `loadAxe`
 * holds axe's source, run the first time a popup is checked: a page with none never pays for it.
 */
const watchPopups = (options: WatchOptions, loadAxe: () => void) => {
  // Frames, and the API documentation (Swagger UI's own page, not a screen of ours), are not watched.
  if (window !== window.top || location.pathname.startsWith('/api/')) return;
  const win = window as unknown as Window & {
    axe?: { run: (context: Element, options: object) => Promise<AxeResults> };
    __parleyPopupChecks?: Watcher;
  } & Record<string, unknown>;
  const documentId = Math.random().toString(36).slice(2);
  const signatures = new Set<string>();
  const waiting = new Set<Element>();
  const findings: PopupFinding[] = [];
  let paused = 0;
  let checks = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();

  // A frame, or 100 ms where the page draws none (a page in the background).
  const frame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => resolve(undefined));
      setTimeout(resolve, 100);
    });
  const shown = (el: Element) =>
    el.isConnected &&
    el.checkVisibility({ visibilityProperty: true }) &&
    el.getBoundingClientRect().width > 0 &&
    el.getBoundingClientRect().height > 0;
  const kindOf = (el: Element) =>
    el.getAttribute('role') ??
    (typeof el.className === 'string' ? /mantine-(\w+-\w+)/.exec(el.className)?.[1] : undefined) ??
    el.tagName.toLowerCase();
  /** Its name: aria-label, the text of what labels it, else its own text (a tooltip's, a menu's). */
  const nameOf = (el: Element) => {
    const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id)?.textContent : '') ?? '')
      .join(' ');
    const name = el.getAttribute('aria-label') || labelledBy.trim() || el.textContent || '';
    return name.trim().replace(/\s+/g, ' ').slice(0, 60);
  };

  const describe = (v: AxeResults['violations'][number]) =>
    `${v.impact} ${v.id}: ${v.help}\n${v.nodes
      .slice(0, 5)
      .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
      .join('\n')}`;

  const widthProblem = (el: Element) => {
    if (window.innerWidth > options.phoneWidth) return [];
    const width = document.documentElement.scrollWidth;
    if (width <= window.innerWidth) return [];
    const rect = el.getBoundingClientRect();
    return [
      `${width} px wide at ${window.innerWidth} px with it open (its box: ${Math.round(rect.left)} to ${Math.round(rect.right)} px)`,
    ];
  };

  const check = async (el: Element) => {
    const signature = `${location.pathname}|${kindOf(el)}|${el.id}|${nameOf(el)}`;
    // The same popup on the same screen once (a dropdown Mantine keeps mounted shows again and again).
    if (signatures.has(signature) || checks >= options.maxChecks || !shown(el)) return;
    signatures.add(signature);
    checks += 1;
    if (!win.axe) loadAxe.call(window);
    const judge = async () => {
      const result = await (win.axe as NonNullable<typeof win.axe>).run(el, {
        resultTypes: ['violations'],
        iframes: false,
        elementRef: false,
      });
      return result.violations.filter((v) => options.impacts.includes(v.impact ?? '')).map(describe);
    };
    let problems: string[];
    try {
      problems = await judge();
      // A finding is judged again half a second later and only what is still there counts: a colour
      // caught mid-transition (a row's hover fading under the pointer, a part still fading in) is how
      // the popup looked for a frame, not how a person reads it.
      if (problems.length > 0) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        if (!el.isConnected || !shown(el)) return;
        problems = await judge();
      }
    } catch {
      // The popup went while axe ran (the test moved on): nothing left to judge.
      return;
    }
    problems.push(...widthProblem(el));
    if (problems.length === 0) return;
    const finding = {
      id: `${documentId}-${findings.length}`,
      url: location.href,
      popup: `${kindOf(el)} "${nameOf(el)}"`,
      problems,
    };
    findings.push(finding);
    const report = win[options.binding];
    if (typeof report === 'function') void report(finding);
  };

  /** Its fade-in (or slide) finished: colours and place as they end up, not a first frame. */
  const finishEntering = (el: Element) => {
    let moving = false;
    for (const animation of el.getAnimations({ subtree: true })) {
      if (animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY) continue;
      animation.finish();
      moving = true;
    }
    return !moving && getComputedStyle(el).opacity === '1';
  };
  const runWaiting = async () => {
    timer = undefined;
    const batch = [...waiting];
    waiting.clear();
    // Mantine shows a popup over a few frames (mounted hidden, then its transition starts): wait for
    // them, finishing each transition as it starts.
    for (let i = 0; i < 8; i++) {
      await frame();
      if (batch.every((el) => !el.isConnected || finishEntering(el))) break;
    }
    for (const el of batch) await check(el);
  };
  const schedule = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      queue = queue.then(runWaiting);
    }, 0);
  };

  const consider = (el: Element) => {
    if (paused > 0 || checks >= options.maxChecks) return;
    waiting.add(el);
    schedule();
  };
  /** An added subtree: its outermost popups (a select's dropdown, not also its listbox inside). */
  const added = (node: Element) => {
    if (node.matches(options.selector)) return consider(node);
    for (const el of node.querySelectorAll(options.selector)) {
      const outer = el.parentElement?.closest(options.selector);
      if (!outer || !node.contains(outer)) consider(el);
    }
  };
  const observer = new MutationObserver((records) => {
    if (paused > 0) return;
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target instanceof Element && record.target.matches(options.selector))
          consider(record.target);
        continue;
      }
      for (const node of record.addedNodes) if (node instanceof Element) added(node);
    }
  });
  const start = () =>
    observer.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      // A select's dropdown stays mounted and is shown by its style (Mantine's Combobox).
      attributeFilter: ['open', 'hidden', 'style'],
    });
  start();

  win.__parleyPopupChecks = {
    pause: () => {
      paused += 1;
      return queue;
    },
    resume: () => {
      paused = Math.max(0, paused - 1);
    },
    flush: async () => {
      if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
        queue = queue.then(runWaiting);
      }
      await queue;
      return { findings: [...findings], checks, document: documentId };
    },
    runPage: () => {
      const run = queue.then(async () => {
        if (!win.axe) loadAxe.call(window);
        const axe = win.axe as NonNullable<typeof win.axe>;
        return (await axe.run(document as unknown as Element, { resultTypes: ['violations'] })).violations;
      });
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
  };
};

/** The axe-core the fixture's AxeBuilder injects (its own dependency), so both apply the same rules. */
const axeSource = (() => {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return readFileSync(fromBuilder.resolve('axe-core/axe.min.js'), 'utf8');
})();

const binding = '__parleyPopupFinding';

const initScript = (impacts: readonly string[], phoneWidth: number) => {
  const options: WatchOptions = {
    selector: popupSelector,
    impacts: [...impacts],
    phoneWidth,
    maxChecks: 30,
    binding,
  };
  return `(${watchPopups.toString()})(${JSON.stringify(options)}, function () {\n${axeSource}\n});`;
};

/** What the pages reported, by finding id, with the page each came from; cleared per test. */
const reported = new Map<string, PopupFinding & { page: Page }>();
const failed = new Set<string>();
/** Popups checked, by document (its count so far, as its last flush said). */
const checkedBy = new Map<string, number>();

const installed = new WeakSet<BrowserContext>();

/** Gives a context's pages the watcher and a way to report to this process. */
const install = async (context: BrowserContext, impacts: readonly string[], phoneWidth: number) => {
  if (installed.has(context)) return;
  installed.add(context);
  await context.exposeBinding(binding, ({ page }, finding: PopupFinding) => {
    if (page) reported.set(finding.id, { ...finding, page });
  });
  await context.addInitScript({ content: initScript(impacts, phoneWidth) });
};

const unwatched = new WeakMap<Browser, Browser['newContext']>();

/**
 * Every context the browser makes from now on (the test's own and those a test opens for a
 * participant) gets the watcher; returns the function that undoes it.
 */
export const watchEveryContext = (browser: Browser, impacts: readonly string[], phoneWidth: number) => {
  const newContext = browser.newContext;
  unwatched.set(browser, newContext);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args);
    await install(context, impacts, phoneWidth);
    return context;
  };
  return () => {
    browser.newContext = newContext;
    unwatched.delete(browser);
  };
};

/** A context without the watcher, for the fixture's own look at a page (phone-width.ts). */
export const contextWithoutWatcher = (browser: Browser, options: Parameters<Browser['newContext']>[0]) =>
  (unwatched.get(browser) ?? browser.newContext).call(browser, options);

/** Runs `fn` in the page; undefined when the page is closed or navigating away meanwhile. */
const withWatcher = async <T>(page: Page, fn: () => T | Promise<T>): Promise<T | undefined> => {
  if (page.isClosed()) return undefined;
  try {
    return await page.evaluate(fn);
  } catch {
    return undefined;
  }
};

/** Stops the page's watcher while the fixture itself resizes it, switches its language or runs axe. */
export const pausePopupChecks = (page: Page) =>
  withWatcher(page, () =>
    (window as unknown as { __parleyPopupChecks?: Watcher }).__parleyPopupChecks?.pause(),
  );

export const resumePopupChecks = (page: Page) =>
  withWatcher(page, () =>
    (window as unknown as { __parleyPopupChecks?: Watcher }).__parleyPopupChecks?.resume(),
  );

/**
 * axe's violations on the whole page, run by the page's watcher; undefined where there is none or
 * the page has frames (AxeBuilder then, which injects axe into each frame).
 */
export const pageViolations = async (page: Page): Promise<Result[] | undefined> => {
  if (page.frames().length > 1) return undefined;
  const present = await withWatcher(page, () =>
    Boolean((window as { __parleyPopupChecks?: Watcher }).__parleyPopupChecks),
  );
  if (!present) return undefined;
  return (await page.evaluate(() =>
    (window as unknown as { __parleyPopupChecks: Watcher }).__parleyPopupChecks.runPage(),
  )) as Result[];
};

/** Waits for the page's popup checks to end and takes in what its current document found. */
const flush = async (page: Page) => {
  const result = await withWatcher(page, () =>
    (window as unknown as { __parleyPopupChecks?: Watcher }).__parleyPopupChecks?.flush(),
  );
  if (!result) return;
  checkedBy.set(result.document, result.checks);
  for (const finding of result.findings) reported.set(finding.id, { ...finding, page });
};

/** How many popups the pages checked during this test (those that were flushed at least once). */
export const popupsChecked = () => [...checkedBy.values()].reduce((a, b) => a + b, 0);

/**
 * What the popups found on these pages and did not fail a test yet, each described once; a
 * finding taken here is not given again.
 */
export const takePopupFindings = async (pages: readonly Page[]): Promise<string[]> => {
  for (const page of pages) await flush(page);
  const found = [...reported.values()].filter((f) => pages.includes(f.page) && !failed.has(f.id));
  for (const f of found) failed.add(f.id);
  return found.map((f) => `${f.popup} on ${f.url}:\n  ${f.problems.join('\n  ')}`);
};

/** Every finding not yet failed, from any page, open or closed since (the test's end). */
export const takeAllPopupFindings = async (open: readonly Page[]): Promise<string[]> => {
  for (const page of open) await flush(page);
  const found = [...reported.values()].filter((f) => !failed.has(f.id));
  for (const f of found) failed.add(f.id);
  return found.map((f) => `${f.popup} on ${f.url}:\n  ${f.problems.join('\n  ')}`);
};

/** A new test starts with nothing reported. */
export const forgetPopupFindings = () => {
  reported.clear();
  failed.clear();
  checkedBy.clear();
};
