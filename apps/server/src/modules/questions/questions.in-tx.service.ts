import type { DbOrTx } from '../../db/client.js';
import { toPublicQuestion } from './questions.dto.js';
import { listQuestions } from './questions.repository.js';

/** What other modules read of a campaign's questions in their own transactions (participation). */
export const questionsInTx = {
  /**
   * What the answer's transaction needs of a campaign's questions, read once: the questions as the
   * participant saw them, and the tags of the options chosen among them (D17).
   */
  forAnswer: async (tx: DbOrTx, campaignId: string) => {
    const all = await listQuestions(tx, campaignId);
    return {
      questions: all.map(toPublicQuestion),
      optionTags: (optionIds: string[]) => {
        const chosen = new Set(optionIds);
        return [
          ...new Set(all.flatMap((q) => q.options.filter((o) => chosen.has(o.id)).flatMap((o) => o.tags))),
        ];
      },
    };
  },
  /** A campaign's questions in order with their options in order, as a participant sees them. */
  listPublic: async (tx: DbOrTx, campaignId: string) =>
    (await listQuestions(tx, campaignId)).map(toPublicQuestion),
};
