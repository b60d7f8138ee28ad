import type { CampaignStatistics, OptionResult, QuestionResult, ResultShare } from '@parley/contract';
import { campaignId } from './campaign-fixtures';

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-${String(counter).padStart(12, '0')}`;
};

/** A campaign's statistics over `days` days ending 2025-03-10 (answers on the last two). */
export const makeStatistics = (overrides: Partial<CampaignStatistics> = {}): CampaignStatistics => {
  const days = overrides.daysNumber ?? 90;
  const end = Date.UTC(2025, 2, 10);
  const perDay = Array.from({ length: days }, (_, i) => ({
    date: new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    answers: i === days - 1 ? 3 : i === days - 2 ? 2 : 0,
  }));
  return {
    campaignId,
    answers: 5,
    invited: 20,
    delivered: 18,
    opened: 9,
    invitationAnswers: 4,
    responseRate: 4 / 18,
    completion: 4 / 9,
    medianSecondsToAnswer: 2 * 3600 + 5 * 60,
    timeZone: 'Europe/Berlin',
    daysNumber: days,
    from: perDay[0]!.date,
    to: perDay.at(-1)!.date,
    answersInWindow: 5,
    perDay,
    bySource: { openLink: 1, invitation: 4 },
    ...overrides,
  };
};

export const makeOption = (text: string, overrides: Partial<OptionResult> = {}): OptionResult => ({
  _id: nextId('99999999-9999-4999-8999'),
  text,
  removed: false,
  count: 0,
  share: 0,
  meanPosition: null,
  medianPosition: null,
  positions: [],
  ...overrides,
});

export const makeQuestionResult = (
  text: string,
  overrides: Partial<QuestionResult> = {},
): QuestionResult => ({
  questionId: nextId('77777777-7777-4777-8777'),
  type: 'SingleChoice',
  text,
  removed: false,
  answered: 0,
  skipped: 0,
  skippedByPath: 0,
  options: [],
  freeText: null,
  ...overrides,
});

export const makeShare = (overrides: Partial<ResultShare> = {}): ResultShare => ({
  shared: false,
  url: null,
  includeFreeText: false,
  sharedAt: null,
  ...overrides,
});
