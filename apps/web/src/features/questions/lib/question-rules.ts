import {
  type Campaign,
  type PathRule,
  type PathRuleInput,
  type PlacedPathRule,
  type Question,
  type QuestionInput,
  type QuestionPathRuleBlock,
  type QuestionType,
  questionIssues,
  questionPathRuleBlock,
} from '@parley/contract';

export const questionTypes: readonly QuestionType[] = ['SingleChoice', 'MultiChoice', 'Ranking', 'FreeText'];

/** Why something cannot be changed; each maps to a sentence in questions.locks.*. */
export type LockReason = 'ended' | 'archived';

/** D12: ended and archived campaigns keep their questions as they are. */
export const questionsLock = (c: Pick<Campaign, 'state'>): LockReason | null =>
  c.state === 'ended' ? 'ended' : c.state === 'archived' ? 'archived' : null;

/** Why path rules are not available for a question, or null when they are (D13). */
export type PathRuleBlock = 'notDraft' | QuestionPathRuleBlock;

export const pathRuleBlock = (
  c: Pick<Campaign, 'state'>,
  q: { type: QuestionType; optional: boolean },
): PathRuleBlock | null => questionPathRuleBlock(q) ?? (c.state === 'draft' ? null : 'notDraft');

export type OptionDraft = { key: string; _id?: string; text: string; tags: string[] };

/** What the question form edits. `rules` maps an option's key to a question id or 'end'. */
export type QuestionDraft = {
  type: QuestionType;
  text: string;
  optional: boolean;
  image: string | null;
  link: string;
  options: OptionDraft[];
  rules: Record<string, string>;
};

let keyCounter = 0;
/** A stable React key for an option row, also before the server has given it an id. */
export const newOptionKey = () => {
  keyCounter += 1;
  return `new-${keyCounter}`;
};

export const emptyDraft = (): QuestionDraft => ({
  type: 'SingleChoice',
  text: '',
  optional: false,
  image: null,
  link: '',
  options: [
    { key: newOptionKey(), text: '', tags: [] },
    { key: newOptionKey(), text: '', tags: [] },
  ],
  rules: {},
});

export const questionToDraft = (q: Question): QuestionDraft => ({
  type: q.type,
  text: q.text,
  optional: q.optional,
  image: q.image,
  link: q.link ?? '',
  options: [...q.options]
    .sort((a, b) => a.order - b.order)
    .map((o) => ({ key: o._id, _id: o._id, text: o.text, tags: o.tags })),
  rules: Object.fromEntries(q.pathRules.map((r) => [r.optionId, r.nextQuestionId ?? 'end'])),
});

export const hasOptions = (type: QuestionType) => type !== 'FreeText';

/** The body of a create, update or replace. Rules go only where D13 allows them. */
export const draftToInput = (d: QuestionDraft, rulesAllowed: boolean): QuestionInput => {
  const options = hasOptions(d.type)
    ? d.options.map((o) => ({ ...(o._id ? { _id: o._id } : {}), text: o.text.trim(), tags: o.tags }))
    : [];
  const pathRules: PathRuleInput[] = [];
  if (rulesAllowed && hasOptions(d.type)) {
    d.options.forEach((o, index) => {
      const target = d.rules[o.key];
      if (!target) return;
      const nextQuestionId = target === 'end' ? null : target;
      pathRules.push(o._id ? { optionId: o._id, nextQuestionId } : { optionIndex: index, nextQuestionId });
    });
  }
  return {
    type: d.type,
    text: d.text.trim(),
    optional: d.optional,
    image: d.image,
    link: d.link.trim() ? d.link.trim() : null,
    options,
    pathRules,
  };
};

export type QuestionProblems = {
  text?: 'textMin' | 'textMax';
  link?: 'link';
  options?: 'optionsMin' | 'optionsMax';
  /** By option key. */
  option: Record<string, 'optionEmpty' | 'optionMax' | 'optionDuplicate'>;
};

/** The contract's rules for a question (D13), checked in the form before anything is sent. */
export const checkDraft = (d: QuestionDraft): QuestionProblems => {
  const problems: QuestionProblems = { option: {} };
  // A free-text question's options stay in the draft (the type may change back) but are not sent.
  const options = hasOptions(d.type) ? d.options : [];
  for (const issue of questionIssues({ type: d.type, text: d.text, link: d.link, options })) {
    if (issue.kind === 'textMin' || issue.kind === 'textMax') problems.text ??= issue.kind;
    else if (issue.kind === 'link') problems.link = issue.kind;
    else if (issue.kind === 'optionsMin' || issue.kind === 'optionsMax') problems.options ??= issue.kind;
    else if (issue.kind === 'optionEmpty' || issue.kind === 'optionMax' || issue.kind === 'optionDuplicate') {
      // One problem per option: the first found (empty, too long, then duplicate).
      const key = options[issue.path[1]]?.key;
      if (key !== undefined) problems.option[key] ??= issue.kind;
    }
  }
  return problems;
};

export const hasProblems = (p: QuestionProblems) =>
  Boolean(p.text || p.link || p.options || Object.keys(p.option).length > 0);

/** `list` with the item at `from` moved to `to`. */
export const moveItem = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/** Path rules explained for the list: which option jumps where. */
export const describeRules = (q: Question, all: readonly Question[]) =>
  q.pathRules.map((r: PathRule) => ({
    option: q.options.find((o) => o._id === r.optionId)?.text ?? '',
    target: r.nextQuestionId === null ? null : all.findIndex((x) => x._id === r.nextQuestionId) + 1 || null,
  }));

/** Rules a reorder would turn backward, named by their question, option and target texts. */
export const describeBrokenRules = (broken: readonly PlacedPathRule[], all: readonly Question[]) =>
  broken.map((r) => {
    const question = all.find((q) => q._id === r.questionId);
    return {
      key: `${r.questionId}:${r.optionId}`,
      question: question?.text ?? '',
      option: question?.options.find((o) => o._id === r.optionId)?.text ?? '',
      target: all.find((q) => q._id === r.nextQuestionId)?.text ?? '',
    };
  });
