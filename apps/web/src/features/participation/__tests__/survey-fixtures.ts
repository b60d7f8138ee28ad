import type { PublicQuestion, PublicSurvey } from '@parley/contract';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const q = (n: number, over: Partial<PublicQuestion> = {}): PublicQuestion => ({
  _id: id(n),
  type: 'FreeText',
  text: `Question ${n}`,
  optional: false,
  image: null,
  link: null,
  options: [],
  pathRules: [],
  ...over,
});

export const options = (n: number, ...texts: string[]) =>
  texts.map((text, i) => ({ _id: id(n * 100 + i + 1), text }));

export const surveyId = id(999);

/**
 * Q1 SingleChoice "Do you ride?": Yes → next, "No" → Q4 (skipping Q2 and Q3), "Stop" → end.
 * Q2 MultiChoice, Q3 Ranking (optional), Q4 FreeText.
 */
export const makeQuestions = (): PublicQuestion[] => {
  const single = options(1, 'Yes', 'No', 'Stop');
  return [
    q(1, {
      type: 'SingleChoice',
      text: 'Do you ride?',
      options: single,
      pathRules: [
        { optionId: single[1]!._id, nextQuestionId: id(4) },
        { optionId: single[2]!._id, nextQuestionId: null },
      ],
    }),
    q(2, { type: 'MultiChoice', text: 'Which bikes?', options: options(2, 'Road', 'Mountain', 'City') }),
    q(3, {
      type: 'Ranking',
      text: 'Rank the colours',
      optional: true,
      options: options(3, 'Red', 'Green', 'Blue'),
    }),
    q(4, { type: 'FreeText', text: 'Anything else?' }),
  ];
};

export const makeSurvey = (over: Partial<PublicSurvey> = {}): PublicSurvey => ({
  _id: surveyId,
  title: 'Bike survey',
  description: 'Tell us about your rides.',
  language: 'en',
  image: null,
  manufacturerName: 'Acme Bikes',
  status: 'open',
  allowMultipleParticipation: false,
  questions: makeQuestions(),
  privacyUrl: 'https://example.com/privacy',
  ...over,
});
