import type { DbOrTx } from '../../db/client.js';
import type { Publisher } from '../../lib/domain-events.js';
import type { CampaignEvents } from '../campaigns/index.js';
import { copyQuestions } from './questions.copy.js';
import { createQuestionEditing } from './questions.edit.service.js';
import { questionsInTx } from './questions.in-tx.service.js';
import { createQuestionOptions } from './questions.options.service.js';
import { createQuestionCore, type QuestionDeps, type QuestionEvents } from './questions.shared.js';

export type { QuestionEvents } from './questions.shared.js';

/**
 * D12, D13. Every change locks the campaign row first, so concurrent edits of one campaign run
 * one after the other and `order` stays 0..n-1, `questionCount` exact and path rules consistent.
 * Questions of a running campaign may be edited, added, reordered and deleted (answers live in
 * the tickets as the participant saw them, D13) but keep their type; path rules and
 * replace-question belong to drafts.
 *
 * One service of three use cases, each in its own file: editing the questions
 * (questions.edit.service.ts), their options (questions.options.service.ts) and what other modules
 * read or copy in their transactions (questions.in-tx.service.ts); what they share is questions.shared.ts.
 */
export const createQuestionService = ({
  db,
  clock,
  campaigns,
  events,
}: QuestionDeps & { events: Publisher<QuestionEvents> }) => {
  const core = createQuestionCore({ campaigns });
  return {
    ...createQuestionEditing({ db, clock, campaigns, core }),
    ...createQuestionOptions({ db, clock, campaigns, events, core }),
    ...questionsInTx,
    /**
     * A campaign was copied: its questions, options, option tags and path rules go into the copy, in the
     * copy's transaction, and a question count that had drifted is put right (the composition root
     * subscribes this to `campaign.copied`).
     */
    campaignCopied: async (tx: DbOrTx, e: CampaignEvents['campaign.copied']) => {
      const copied = await copyQuestions(tx, e);
      if (copied !== e.questionCount)
        await campaigns.touch(tx, e.toCampaignId, e.now, { questionCount: copied });
    },
  };
};
export type QuestionService = ReturnType<typeof createQuestionService>;
