import type { AnswerDraft, InvitedSurvey, PublicSurvey } from '@parley/contract';
import { limits, surveyPath } from '@parley/contract/plain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { checkEmail } from '../api/check-email';
import { saysSurveyClosed } from '../api/get-survey';
import { submitAnswers } from '../api/submit-answers';
import { submitInvitedAnswers } from '../api/submit-invited-answers';
import {
  type AnswerProblem,
  answersToSend,
  type ContactDraft,
  type ContactProblems,
  checkAnswer,
  checkContact,
} from '../lib/answer-checks';
import { nextOnPath, previousOnPath } from '../lib/path-rules';
import {
  clearDraft,
  draftHasContent,
  loadDraft,
  newDraft,
  type SurveyDraft,
  saveDraft,
} from '../lib/survey-draft';
import { useSurveyTranslation } from './survey-language';

export type SurveyDone = { email: string; campaignEnded: boolean };

/**
 * A personal invitation (D11): the address is known, so there is no email to give or check, and the
 * answers go to the invitation's link.
 */
export type SurveyInvitation = { token: string; invitee: InvitedSurvey['invitee'] };

/**
 * Where the draft is kept: per campaign, and apart for an invitation, whose draft carries the
 * invitee's address so that another invitee on the same device never resumes it.
 */
const draftIdOf = (survey: PublicSurvey, invitation: SurveyInvitation | undefined) =>
  invitation ? `${survey._id}.invitation` : survey._id;

const freshDraft = (invitation: SurveyInvitation | undefined): SurveyDraft =>
  invitation ? { ...newDraft(), email: invitation.invitee.email } : newDraft();

/** A restored draft whose question no longer exists starts again at the email step. */
const restore = (survey: PublicSurvey, preview: boolean, invitation: SurveyInvitation | undefined) => {
  const stored = preview ? null : loadDraft(draftIdOf(survey, invitation));
  if (!stored || (invitation && stored.email !== invitation.invitee.email))
    return { draft: freshDraft(invitation), restored: false };
  const current = survey.questions.some((q) => q._id === stored.current) ? stored.current : null;
  // An invitation's address is not something the participant entered.
  const restored = draftHasContent(invitation ? { ...stored, email: '' } : stored);
  return { draft: { ...stored, current }, restored };
};

/**
 * The survey page's form logic in one hook: the draft kept in localStorage, the
 * steps along the path rules, checks as the participant goes, and the one submission.
 */
export const useSurveyForm = (
  survey: PublicSurvey,
  opts: {
    preview?: boolean;
    onSurveyClosed?: (() => void) | undefined;
    invitation?: SurveyInvitation | undefined;
  } = {},
) => {
  const preview = opts.preview === true;
  const { invitation } = opts;
  const draftId = draftIdOf(survey, invitation);
  const { t } = useSurveyTranslation();
  const { questions } = survey;
  const [initial] = useState(() => restore(survey, preview, invitation));
  const [draft, setDraft] = useState<SurveyDraft>(initial.draft);
  const [restored, setRestored] = useState(initial.restored);
  const [contactProblems, setContactProblems] = useState<ContactProblems>({});
  const [answerProblem, setAnswerProblem] = useState<AnswerProblem | null>(null);
  const [done, setDone] = useState<SurveyDone | null>(null);
  /** Why the last sending failed, worded; shown in the form until the next try. */
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A second click (or Enter) while a request is out must not send again: state updates too late.
  const busy = useRef(false);
  const closedMeanwhile = (error: unknown) => {
    // By invitation, an answer meanwhile (another tab, the open link) closes the survey to the invitee.
    const answeredMeanwhile =
      invitation !== undefined && isApiError(error) && error.code === 'survey/already-answered';
    if (saysSurveyClosed(error) || answeredMeanwhile) opts.onSurveyClosed?.();
  };
  const run = async <T>(
    request: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> => {
    busy.current = true;
    setSending(true);
    try {
      return { ok: true, value: await request() };
    } catch (error) {
      closedMeanwhile(error);
      return { ok: false, error };
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  // Every change is kept at once, so a reload or a closed tab loses nothing.
  useEffect(() => {
    if (!done && !preview) saveDraft(draftId, draft);
  }, [draftId, draft, done, preview]);

  const path = useMemo(() => surveyPath(questions, draft.answers), [questions, draft.answers]);
  const question = draft.current ? questions.find((q) => q._id === draft.current) : undefined;
  const stepNumber = question ? path.findIndex((i) => questions[i]?._id === question._id) + 1 : 0;
  const isLast = question ? nextOnPath(path, questions, question._id) === null : questions.length === 0;

  const setContact = (field: keyof ContactDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setContactProblems((p) => ({ ...p, [field]: undefined }));
  };

  const setAnswer = (questionId: string, value: AnswerDraft) => {
    setDraft((d) => ({ ...d, answers: { ...d.answers, [questionId]: value } }));
    // A text that grows too long is said while typing; the rest once the participant moves on.
    const q = questions.find((x) => x._id === questionId);
    setAnswerProblem(
      q?.type === 'FreeText' && (value.text ?? '').trim().length > limits.textMax ? 'tooLong' : null,
    );
  };

  const submit = async (answers: SurveyDraft['answers']) => {
    if (busy.current) return;
    // The owner's preview walks the whole survey but stores nothing.
    if (preview) {
      setDone({ email: draft.email.trim(), campaignEnded: false });
      return;
    }
    setSendProblem(null);
    const body = {
      ...(draft.firstname.trim() ? { firstname: draft.firstname.trim() } : {}),
      ...(draft.lastname.trim() ? { lastname: draft.lastname.trim() } : {}),
      submissionId: draft.submissionId,
      answers: answersToSend(questions, answers),
    };
    const result = await run(() =>
      invitation
        ? submitInvitedAnswers(invitation.token, body)
        : submitAnswers(survey._id, { email: draft.email.trim(), ...body }),
    );
    if (result.ok) {
      clearDraft(draftId);
      setDone({ email: draft.email.trim(), campaignEnded: result.value.campaignEnded });
      return;
    }
    // Said in the form, in the survey's language, next to the button that sends again
    // (docs/product-decisions.md, "Public pages"); the answers stay.
    const { error } = result;
    let message: string = t('participation.submitFailed.message');
    if (isApiError(error)) {
      if (error.status === 429) message = t('participation.submitFailed.tooMany');
      // The invitation was withdrawn while the participant answered.
      else if (invitation && error.status === 404) message = t('participation.invitation.linkGone');
      else if (error.code === 'survey/already-answered')
        message = invitation
          ? t('participation.invitation.answered.title')
          : t('participation.submitFailed.alreadyAnswered');
      else if (error.code.startsWith('survey/')) message = t('participation.submitFailed.notOpen');
      else if (error.code === 'validation') message = t('participation.submitFailed.invalid');
    }
    setSendProblem(message);
  };

  const goTo = (current: string | null) => {
    setAnswerProblem(null);
    setSendProblem(null);
    // The "welcome back" note belongs to the step the participant came back to.
    setRestored(false);
    setDraft((d) => ({ ...d, current }));
  };

  const begin = () => {
    const first = path[0] !== undefined ? questions[path[0]] : undefined;
    if (first) goTo(first._id);
    else void submit(draft.answers);
  };

  /**
   * From the email step to the first question (or straight to sending a survey without
   * questions), once the server says the survey still takes answers: nobody fills in a closed
   * survey for nothing. The check says nothing about the address (docs/product-decisions.md,
   * "Participation"): an address that answered already was mailed, and sending says so. If the
   * check itself fails (network), the survey goes on: sending checks again. An invitation's address
   * is known and was checked as the page loaded (`answered`): only the names it may add are checked.
   */
  const start = async () => {
    const problems = checkContact(draft);
    if (invitation) delete problems.email;
    setContactProblems(problems);
    if (Object.keys(problems).length > 0 || busy.current) return;
    if (preview || invitation) return begin();
    const result = await run(() => checkEmail(survey._id, draft.email.trim()));
    // Only a survey that stopped taking answers stops here (the page then shows its status).
    if (result.ok || !saysSurveyClosed(result.error)) begin();
  };

  /** Checks the question on screen, then shows the next on the path or sends the answers. */
  const next = (opts: { skip?: boolean } = {}) => {
    if (!question) return;
    let answers = draft.answers;
    if (opts.skip) {
      const { [question._id]: _dropped, ...rest } = answers;
      answers = rest;
    } else if (question.type === 'Ranking' && !answers[question._id]?.optionIds?.length) {
      // An untouched ranking is taken as shown: "Next" accepts the order on screen.
      answers = { ...answers, [question._id]: { optionIds: question.options.map((o) => o._id) } };
    }
    const problem = opts.skip ? null : checkAnswer(question, answers[question._id]);
    setAnswerProblem(problem);
    if (problem) return;
    if (answers !== draft.answers) setDraft((d) => ({ ...d, answers }));
    const following = nextOnPath(surveyPath(questions, answers), questions, question._id);
    if (following) goTo(following);
    else void submit(answers);
  };

  const back = () => {
    if (question) goTo(previousOnPath(path, questions, question._id));
  };

  const startOver = () => {
    clearDraft(draftId);
    setDraft(freshDraft(invitation));
    setRestored(false);
    setContactProblems({});
    setAnswerProblem(null);
    setSendProblem(null);
  };

  return {
    draft,
    question,
    stepNumber,
    stepCount: path.length,
    isLast,
    restored,
    contactProblems,
    answerProblem,
    done,
    sending,
    sendProblem,
    setContact,
    setAnswer,
    start,
    next,
    back,
    startOver,
  };
};
export type SurveyForm = ReturnType<typeof useSurveyForm>;
