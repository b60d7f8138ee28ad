import { api, type Campaign, type QuestionResult } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaignId, makeCampaign, serveCampaign } from '@/testing/campaign-fixtures';
import { makeContactList } from '@/testing/contact-list-fixtures';
import { makeOption, makeQuestionResult, makeShare } from '@/testing/result-fixtures';
import { createTestBackend, makeOwner } from '@/testing/test-backend';
import { currentUrl, renderApp, resetAppState } from '@/testing/test-utils';

const page = `/connect/campaigns/${campaignId}?tab=results`;

beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
}, 60_000);

afterEach(async () => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  await resetAppState();
});

const colour = makeQuestionResult('Which colour?', {
  answered: 6,
  skipped: 1,
  skippedByPath: 2,
  options: [
    makeOption('Red', { count: 4, share: 4 / 6 }),
    makeOption('Blue', { count: 2, share: 2 / 6 }),
    makeOption('Green', { count: 1, share: 1 / 6, removed: true }),
  ],
});
const extras = makeQuestionResult('Which extras?', {
  type: 'MultiChoice',
  answered: 4,
  options: [makeOption('Bell', { count: 3, share: 0.75 }), makeOption('Lights', { count: 4, share: 1 })],
});
const brands = makeQuestionResult('Rank the brands', {
  type: 'Ranking',
  answered: 3,
  options: [
    makeOption('Alpha', { count: 3, meanPosition: 2, medianPosition: 2, positions: [1, 1, 1] }),
    makeOption('Beta', { count: 3, meanPosition: 1.33, medianPosition: 1, positions: [2, 1, 0] }),
  ],
});
const ticketIds = Array.from(
  { length: 12 },
  (_, i) => `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
);
const comments = makeQuestionResult('Anything else?', {
  type: 'FreeText',
  removed: true,
  answered: 12,
  freeText: { total: 12, page: 1, limit: 10, items: [] },
});

/** The free-text answers as the server pages and searches them, newest first. */
const freeTextPage = (search: string | null, page: number): QuestionResult['freeText'] => {
  const all = ticketIds.map((ticketId, i) => ({
    ticketId,
    text: i % 2 === 0 ? `The brakes squeak (${i})` : `Great saddle (${i})`,
    createdAt: new Date(Date.UTC(2025, 2, 20 - i, 9)).toISOString(),
  }));
  const found = search ? all.filter((a) => a.text.toLowerCase().includes(search.toLowerCase())) : all;
  return { total: found.length, page, limit: 10, items: found.slice((page - 1) * 10, page * 10) };
};

const serve = (
  options: { campaign?: Partial<Campaign>; canExport?: boolean; tickets?: number; shared?: boolean } = {},
) => {
  const owner = makeOwner();
  owner.manufacturer.canExport = options.canExport ?? false;
  const backend = createTestBackend({ owner });
  backend.signInStored();
  const campaign = makeCampaign({ state: 'running', hasStarted: true, ...options.campaign });
  serveCampaign(backend, campaign);
  const list = makeContactList({ name: 'Dealers' });
  backend.server.on(api.contactLists.list, () => ({ body: { documents: [list], total: 1 } }));
  backend.server.on(api.results.questionStats, ({ query }) => {
    const questionId = query.get('questionId');
    const page = Number(query.get('page') ?? '1');
    const withText = { ...comments, freeText: freeTextPage(query.get('search'), page) };
    return {
      body: {
        campaignId,
        tickets: options.tickets ?? 7,
        questions: questionId ? [withText] : [colour, extras, brands, withText],
      },
    };
  });
  const share = {
    value: options.shared
      ? makeShare({ shared: true, url: 'http://localhost/p/results/secret-token-0123456789abcdef' })
      : makeShare(),
  };
  backend.server.on(api.results.share, { id: campaignId }, () => ({ body: share.value }));
  backend.server.on(api.results.setShare, { id: campaignId }, ({ body }) => {
    const { shared, includeFreeText } = body as { shared: boolean; includeFreeText: boolean };
    share.value = shared
      ? makeShare({
          shared: true,
          includeFreeText,
          url: 'http://localhost/p/results/new-token-0123456789abcdef',
          sharedAt: '2025-03-20T10:00:00.000Z',
        })
      : makeShare();
    return { body: share.value };
  });
  backend.server.on(api.results.xlsx, () => ({ body: 'xlsx-bytes' }));
  backend.server.on(api.results.pdf, { id: campaignId }, () => ({ body: 'pdf-bytes' }));
  return { backend, list };
};

const lastStats = (backend: ReturnType<typeof serve>['backend']) =>
  backend.server
    .requestsTo(api.results.questionStats)
    .filter((r) => !r.query.get('questionId'))
    .at(-1)?.query;

describe('results tab', () => {
  it('asks for the results together with the campaign, not once it has arrived, and not for other tabs', async () => {
    const { backend } = serve();
    let answer: () => void = () => undefined;
    const campaign = makeCampaign({ state: 'running', hasStarted: true });
    backend.server.on(
      api.campaigns.get,
      { id: campaignId },
      () => new Promise((resolve) => (answer = () => resolve({ body: campaign }))),
    );
    renderApp(page);

    // The route's loader starts them (app/route-data.ts) while the campaign is still unanswered; the
    // statistics tab's figures wait until that tab is opened.
    await waitFor(() => expect(backend.server.requestsTo(api.results.questionStats)).toHaveLength(1));
    expect(backend.server.requestsTo(api.results.statistics, { id: campaignId })).toHaveLength(0);
    expect(backend.server.requestsTo(api.campaigns.get, { id: campaignId })).toHaveLength(1);
    expect(screen.queryByText('7 tickets in the filter')).toBeNull();

    answer();
    expect(await screen.findByText('7 tickets in the filter')).toBeVisible();
  });

  it('shows each question with its counts, bars, ranking and removed marks', async () => {
    serve();
    renderApp(page);

    expect(await screen.findByText('7 tickets in the filter')).toBeVisible();
    const colours = screen.getByRole('region', { name: '1. Which colour?' });
    expect(within(colours).getByText('Single choice')).toBeVisible();
    expect(within(colours).getByText('Answered: 6 · Skipped: 1 · Skipped by a path rule: 2')).toBeVisible();
    const bars = within(colours).getAllByRole('listitem');
    expect(bars[0]).toHaveTextContent('Red: 4, · 66.7%');
    expect(bars[2]).toHaveTextContent('Green (removed): 1, · 16.7%');

    const multi = screen.getByRole('region', { name: '2. Which extras?' });
    expect(within(multi).getAllByRole('listitem')[1]).toHaveTextContent('Lights: 4, · 100%');
    expect(within(multi).getByText(/can add up to more than 100%/)).toBeVisible();

    const ranking = screen.getByRole('table', { name: 'Ranking: Rank the brands' });
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Beta');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1.3', '1', '2', '1', '0']);

    const free = screen.getByRole('region', { name: '4. Anything else?' });
    expect(within(free).getByText('Removed question')).toBeVisible();
  });

  it('sends the filters to the server and keeps them in the address', async () => {
    const { backend } = serve();
    const { user } = renderApp(page);
    await screen.findByText('7 tickets in the filter');
    expect(lastStats(backend)?.get('archived')).toBe('all');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), 'Rated up');
    await waitFor(() => expect(lastStats(backend)?.get('rating')).toBe('up'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Archived tickets' }), 'Only not archived');
    await waitFor(() => expect(lastStats(backend)?.get('archived')).toBe('false'));
    expect(currentUrl()).toContain('tab=results');
    expect(currentUrl()).toContain('rating=up');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastStats(backend)?.get('rating')).toBeNull());
    expect(lastStats(backend)?.get('archived')).toBe('all');
  });

  it('filters by answer days and by contact list', async () => {
    const { backend, list } = serve({ campaign: { isGroupCampaign: true } });
    const { user } = renderApp(page);
    await screen.findByText('7 tickets in the filter');

    await user.type(screen.getByRole('textbox', { name: 'Answered from' }), '03/01/2025');
    await user.tab();
    await waitFor(() => expect(lastStats(backend)?.get('from')).toBe('2025-03-01'));

    await user.click(screen.getByRole('combobox', { name: 'Contact list' }));
    await user.click(await screen.findByRole('option', { name: /Dealers/ }));
    await waitFor(() => expect(lastStats(backend)?.get('contactListId')).toBe(list._id));

    expect(currentUrl()).toContain('from=2025-03-01');
    expect(currentUrl()).toContain(`contactListId=${list._id}`);
  });

  it('says so when no ticket is in the filter', async () => {
    serve({ tickets: 0 });
    renderApp(page);
    expect(await screen.findByText('No answers yet')).toBeVisible();
    expect(screen.queryByRole('region', { name: '1. Which colour?' })).toBeNull();
  });

  it('searches and pages the free-text answers, each linking to its ticket', async () => {
    const { backend } = serve();
    const { user } = renderApp(page);
    const free = await screen.findByRole('region', { name: '4. Anything else?' });
    const answers = await within(free).findByRole('list', { name: 'Answers' });
    expect(within(free).getByText('12 answers, newest first')).toBeVisible();
    expect(within(answers).getAllByRole('listitem')).toHaveLength(10);
    expect(within(answers).getAllByRole('listitem')[0]).toHaveTextContent('The brakes squeak (0)');
    expect(within(answers).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `/connect/campaigns/${campaignId}/tickets/${ticketIds[0]}`,
    );

    await user.click(within(free).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(free).getByText('Great saddle (11)')).toBeVisible());
    const paged = backend.server.requestsTo(api.results.questionStats).at(-1)?.query;
    expect(paged?.get('questionId')).toBe(comments.questionId);
    expect(paged?.get('page')).toBe('2');

    await user.type(within(free).getByRole('searchbox', { name: 'Search the answers' }), 'brakes');
    await waitFor(() => expect(within(free).getByText('6 answers, newest first')).toBeVisible());
    const searched = backend.server.requestsTo(api.results.questionStats).at(-1)?.query;
    expect(searched?.get('search')).toBe('brakes');
    expect(searched?.get('page')).toBe('1');
    expect(within(free).queryByText('Great saddle (1)')).toBeNull();
  });

  it('keeps the exports disabled with a reason without canExport', async () => {
    const { backend } = serve({ canExport: false });
    const { user } = renderApp(page);
    const xlsx = await screen.findByRole('button', { name: 'Download XLSX' });
    const pdf = screen.getByRole('button', { name: 'Download PDF report' });
    const reason = /Exporting results \(XLSX and PDF\) is not enabled for your account/;
    expect(xlsx).toHaveAttribute('aria-disabled', 'true');
    expect(pdf).toHaveAccessibleDescription(reason);
    await user.hover(pdf);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    await user.click(pdf);
    expect(backend.server.requestsTo(api.results.pdf)).toHaveLength(0);
  });

  it('downloads the XLSX of the filter and the PDF report with the token', async () => {
    const { backend } = serve({ canExport: true, campaign: { title: 'Bike: survey / 2025' } });
    const createObjectURL = vi.fn((_: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderApp(`${page}&rating=down`);
    await screen.findByText('7 tickets in the filter');

    await user.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [xlsx] = backend.server.requestsTo(api.results.xlsx);
    expect(xlsx?.query.get('campaignId')).toBe(campaignId);
    expect(xlsx?.query.get('rating')).toBe('down');
    expect(xlsx?.headers.get('x-auth-token')).toBeTruthy();
    expect(names[0]).toBe('Bike survey 2025-results.xlsx');

    await user.click(screen.getByRole('button', { name: 'Download PDF report' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    const [pdf] = backend.server.requestsTo(api.results.pdf, { id: campaignId });
    expect(pdf?.query.get('rating')).toBe('down');
    expect(names[1]).toBe('Bike survey 2025-results.pdf');
    expect(await createObjectURL.mock.calls[1]?.[0].text()).toBe('"pdf-bytes"');
  });

  it('says that a download failed', async () => {
    const { backend } = serve({ canExport: true });
    backend.server.on(api.results.pdf, { id: campaignId }, () => ({
      status: 500,
      body: { code: 'internal', message: 'boom' },
    }));
    const { user } = renderApp(page);
    await user.click(await screen.findByRole('button', { name: 'Download PDF report' }));
    expect(await screen.findByText('The download failed')).toBeVisible();
  });

  it('cannot share the results of a campaign that has not ended', async () => {
    serve();
    renderApp(page);
    const toggle = await screen.findByRole('switch', { name: 'Share results publicly' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('Results can be shared once the campaign has ended.');
  });

  it('shares the results of an ended campaign, with the link to copy and open', async () => {
    const { backend } = serve({ campaign: { state: 'ended', endedAt: '2025-03-19T10:00:00.000Z' } });
    const { user } = renderApp(page);
    const toggle = await screen.findByRole('switch', { name: 'Share results publicly' });
    await waitFor(() => expect(toggle).toBeEnabled());

    await user.click(screen.getByRole('checkbox', { name: 'Include free-text answers (without names)' }));
    await user.click(toggle);
    await waitFor(() =>
      expect(backend.server.requestsTo(api.results.setShare).at(-1)?.body).toEqual({
        shared: true,
        includeFreeText: true,
      }),
    );
    const url = 'http://localhost/p/results/new-token-0123456789abcdef';
    expect(await screen.findByRole('textbox', { name: 'Link to the shared results' })).toHaveValue(url);
    expect(screen.getByRole('link', { name: 'Open the shared results in a new tab' })).toHaveAttribute(
      'href',
      url,
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeVisible();
  });

  it('asks before withdrawing the link, even once the campaign runs again', async () => {
    const { backend } = serve({ shared: true });
    const { user } = renderApp(page);
    const toggle = await screen.findByRole('switch', { name: 'Share results publicly' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeEnabled();

    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Stop sharing the results?' });
    expect(within(dialog).getByText(/The link stops working at once/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.server.requestsTo(api.results.setShare)).toHaveLength(0);

    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Stop sharing the results?' })).getByRole('button', {
        name: 'Stop sharing',
      }),
    );
    await waitFor(() =>
      expect(backend.server.requestsTo(api.results.setShare).at(-1)?.body).toEqual({
        shared: false,
        includeFreeText: false,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Link to the shared results' })).toBeNull(),
    );
    expect(screen.getByRole('switch', { name: 'Share results publicly' })).not.toBeChecked();
  });
});
