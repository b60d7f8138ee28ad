import type {
  AnswerIssue,
  EndCondition,
  PublicQuestion,
  SubmitAnswers,
  SurveyStatus,
  TicketAnswer,
} from '@parley/contract';
import { answerIssues, answerValue, endConditionMet, limits, surveyPath } from '@parley/contract';
import { AppError } from '../../lib/errors.js';

type CampaignFacts = {
  state: 'draft' | 'running' | 'ended' | 'archived';
  openLink: boolean;
  ticketCount: number;
  endCondition: EndCondition;
};
type ManufacturerFacts = { answerLimitation: number | null; isPartner: boolean };

/**
 * What a participant's page shows (D8, D12). The order matters: a campaign that is not running
 * says why before the open link or the manufacturer's limit are looked at.
 */
export const surveyStatus = (c: CampaignFacts, m: ManufacturerFacts, now: Date): SurveyStatus => {
  if (c.state === 'archived') return 'archived';
  if (c.state === 'draft') return 'draft';
  // An end condition met but not yet applied (the end-by-date sweep runs once a minute)
  // already counts as ended for participants, so nobody answers after the end.
  if (c.state === 'ended' || endConditionMet(c, now) !== null) return 'ended';
  if (!c.openLink) return 'closed';
  // D8: answerLimitation caps tickets per campaign; partners have no plan limits.
  if (!m.isPartner && m.answerLimitation !== null && c.ticketCount >= m.answerLimitation) return 'full';
  return 'open';
};

const refusals = {
  draft: 'This survey has not started yet.',
  ended: 'This survey has ended.',
  archived: 'This survey is no longer available.',
  full: 'This survey has received all the answers it can take.',
  closed: 'This survey cannot be answered through its open link.',
} as const satisfies Record<Exclude<SurveyStatus, 'open'>, string>;

export const surveyNotOpen = (status: Exclude<SurveyStatus, 'open'>) =>
  new AppError(`survey/${status}`, refusals[status]);

type Answer = SubmitAnswers['answers'][number];

const invalid = (field: string, message: string) =>
  new AppError('validation', `body.${field}: ${message}`, field);

const answerMessages = {
  freeTextTakesText: 'a free-text question takes text',
  tooLong: `must be at most ${limits.textMax} characters`,
  choiceTakesOptions: 'a choice question takes options, not text',
  notAnOption: 'is not an option of this question',
  chosenTwice: 'is chosen twice',
  chooseOne: 'must be exactly one option',
  rankAll: 'must rank every option exactly once',
} as const satisfies Record<Exclude<AnswerIssue['kind'], 'required'>, string>;

/** The API's refusal of answer `n` to `q` (n < 0: the question was not answered at all). */
const refuseAnswer = (q: PublicQuestion, issue: AnswerIssue, n: number) => {
  const at = n >= 0 ? `answers.${n}` : 'answers';
  if (issue.kind === 'required') {
    return invalid(at, n >= 0 ? 'must be answered' : `the question ${q._id} must be answered`);
  }
  return invalid([at, ...issue.path].join('.'), answerMessages[issue.kind]);
};

/**
 * Checks the answers against the current questions and returns the ticket's answers as the
 * participant saw them, one per question in order. The path is walked with the participant's
 * own choices: every non-optional question on it must be answered; questions off the path are
 * stored as skipped and anything sent for them is dropped.
 */
export const buildTicketAnswers = (questions: readonly PublicQuestion[], answers: readonly Answer[]) => {
  const byQuestion = new Map<string, { answer: Answer; n: number }>();
  const ids = new Set(questions.map((q) => q._id));
  answers.forEach((answer, n) => {
    if (!ids.has(answer.questionId))
      throw invalid(`answers.${n}.questionId`, 'is not a question of this survey');
    if (byQuestion.has(answer.questionId)) throw invalid(`answers.${n}.questionId`, 'is answered twice');
    byQuestion.set(answer.questionId, { answer, n });
  });

  const values = new Map<string, TicketAnswer['value']>();
  const onPath = new Set<string>();
  const given = Object.fromEntries([...byQuestion].map(([id, { answer }]) => [id, answer]));
  for (const i of surveyPath(questions, given)) {
    const q = questions[i] as PublicQuestion;
    onPath.add(q._id);
    const issue = answerIssues(q, given[q._id])[0];
    if (issue) throw refuseAnswer(q, issue, byQuestion.get(q._id)?.n ?? -1);
    const value = answerValue(q, given[q._id]);
    if (value) values.set(q._id, value);
  }

  const result: TicketAnswer[] = questions.map((q) => {
    const value = values.get(q._id);
    return {
      questionId: q._id,
      type: q.type,
      text: q.text,
      optional: q.optional,
      options: q.options.map((o) => ({ _id: o._id, text: o.text })),
      value: value ?? {},
      skipped: value === undefined,
      ...(value === undefined ? { skip: onPath.has(q._id) ? ('blank' as const) : ('path' as const) } : {}),
    };
  });
  return { answers: result, answeredCount: values.size };
};
