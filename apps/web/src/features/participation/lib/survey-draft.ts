import type { AnswerDraft, AnswerDrafts } from '@parley/contract';
import { isUuidText } from '@parley/contract/plain';

/**
 * What a participant has filled in, kept in localStorage per campaign so a reload, a lost
 * connection or a closed tab loses nothing. `submissionId` is made once per filled-in form:
 * sending it twice stores one ticket. Cleared once the answers are stored.
 */
export type SurveyDraft = {
  submissionId: string;
  email: string;
  firstname: string;
  lastname: string;
  answers: AnswerDrafts;
  /** The question on screen; null: the email step. */
  current: string | null;
};

export const draftKey = (campaignId: string) => `parley.survey.${campaignId}`;

/** crypto.randomUUID needs a secure context; a survey served over plain http must still work. */
export const makeSubmissionId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export const newDraft = (): SurveyDraft => ({
  submissionId: makeSubmissionId(),
  email: '',
  firstname: '',
  lastname: '',
  answers: {},
  current: null,
});

const isString = (v: unknown): v is string => typeof v === 'string';

const toAnswer = (v: unknown): AnswerDraft | undefined => {
  if (!v || typeof v !== 'object') return undefined;
  const { text, optionIds } = v as Record<string, unknown>;
  return {
    ...(isString(text) ? { text } : {}),
    ...(Array.isArray(optionIds) ? { optionIds: optionIds.filter(isString) } : {}),
  };
};

/** The stored draft, or null when there is none or it is unreadable (an old version, a hand edit). */
export const loadDraft = (campaignId: string): SurveyDraft | null => {
  try {
    const raw = window.localStorage.getItem(draftKey(campaignId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (!isString(v.submissionId) || !isUuidText(v.submissionId)) return null;
    const answers: AnswerDrafts = {};
    if (v.answers && typeof v.answers === 'object') {
      for (const [id, a] of Object.entries(v.answers)) {
        const answer = toAnswer(a);
        if (answer) answers[id] = answer;
      }
    }
    return {
      submissionId: v.submissionId,
      email: isString(v.email) ? v.email : '',
      firstname: isString(v.firstname) ? v.firstname : '',
      lastname: isString(v.lastname) ? v.lastname : '',
      answers,
      current: isString(v.current) ? v.current : null,
    };
  } catch {
    return null;
  }
};

export const saveDraft = (campaignId: string, draft: SurveyDraft) => {
  try {
    window.localStorage.setItem(draftKey(campaignId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the survey still works, only without resuming.
  }
};

export const clearDraft = (campaignId: string) => {
  try {
    window.localStorage.removeItem(draftKey(campaignId));
  } catch {
    // See saveDraft.
  }
};

/** Whether a draft holds anything worth telling the participant it was restored. */
export const draftHasContent = (d: SurveyDraft) => d.email.trim() !== '' || Object.keys(d.answers).length > 0;
