import type { OptionResult, PublicQuestion, QuestionResult, TicketAnswer } from '@parley/contract';

export type StateCount = { questionId: string; state: 'answered' | 'blank' | 'path'; n: number };
export type ChoiceCount = { questionId: string; optionId: string; position: number | null; n: number };
export type FreeTextPage = NonNullable<QuestionResult['freeText']>;

/** Mean and median position from how many ranked an option at each position (1-based, index 0 = first). */
export const rankingFigures = (positions: number[]) => {
  const total = positions.reduce((a, b) => a + b, 0);
  if (total === 0) return { meanPosition: null, medianPosition: null };
  const mean = positions.reduce((sum, n, i) => sum + n * (i + 1), 0) / total;
  // The median of the expanded list of positions: the middle one, or the mean of the middle two.
  const at = (k: number) => {
    let seen = 0;
    for (let i = 0; i < positions.length; i += 1) {
      seen += positions[i] ?? 0;
      if (seen > k) return i + 1;
    }
    return positions.length;
  };
  const median = total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
  return { meanPosition: Math.round(mean * 100) / 100, medianPosition: median };
};

type QuestionShape = Pick<PublicQuestion, '_id' | 'type' | 'text' | 'options'> & { removed: boolean };

/**
 * The questions the results show: the campaign's now, in order, then those removed since that still
 * have answers, as participants saw them (docs/product-decisions.md, "Results and statistics").
 */
export const questionsShown = (
  current: readonly PublicQuestion[],
  answeredIds: Iterable<string>,
  snapshots: Map<string, TicketAnswer>,
): QuestionShape[] => {
  const known = new Set(current.map((q) => q._id));
  const removed = [...new Set(answeredIds)]
    .filter((id) => !known.has(id))
    .flatMap((id) => {
      const s = snapshots.get(id);
      return s ? [{ _id: id, type: s.type, text: s.text, options: s.options, removed: true }] : [];
    });
  return [...current.map((q) => ({ ...q, removed: false })), ...removed];
};

/**
 * One question's result from the aggregated counts: choices counted by option id, so a renamed option
 * keeps its counts and a removed one is still shown (with the text participants last saw).
 */
export const questionResult = (
  q: QuestionShape,
  states: StateCount[],
  choices: ChoiceCount[],
  /** The texts of options no longer in their question, by option id. */
  removedTexts: Map<string, string>,
  freeText: FreeTextPage | null,
): QuestionResult => {
  const count = (state: StateCount['state']) =>
    states.filter((s) => s.questionId === q._id && s.state === state).reduce((a, s) => a + s.n, 0);
  const answered = count('answered');
  const mine = choices.filter((c) => c.questionId === q._id);
  const known = new Set(q.options.map((o) => o._id));
  const gone = [...new Set(mine.map((c) => c.optionId))].filter((id) => !known.has(id));
  const optionCount = Math.max(q.options.length + gone.length, ...mine.map((c) => c.position ?? 0));
  const options: OptionResult[] =
    q.type === 'FreeText'
      ? []
      : [
          ...q.options.map((o) => ({ _id: o._id, text: o.text, removed: false })),
          ...gone.map((id) => ({ _id: id, text: removedTexts.get(id) ?? '', removed: true })),
        ].map((o) => {
          const rows = mine.filter((c) => c.optionId === o._id);
          const n = rows.reduce((a, c) => a + c.n, 0);
          const positions =
            q.type === 'Ranking'
              ? Array.from({ length: optionCount }, (_, i) =>
                  rows.filter((c) => c.position === i + 1).reduce((a, c) => a + c.n, 0),
                )
              : [];
          return {
            ...o,
            count: n,
            share: answered > 0 ? n / answered : 0,
            ...(q.type === 'Ranking'
              ? rankingFigures(positions)
              : { meanPosition: null, medianPosition: null }),
            positions,
          };
        });
  return {
    questionId: q._id,
    type: q.type,
    text: q.text,
    removed: q.removed,
    answered,
    skipped: count('blank'),
    skippedByPath: count('path'),
    options,
    freeText: q.type === 'FreeText' ? freeText : null,
  };
};
