import { answerIssues } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { answersToSend, checkAnswer, checkContact } from '../lib/answer-checks';
import { makeQuestions, type q } from './survey-fixtures';

const [single, multi, ranking, free] = makeQuestions() as [
  ReturnType<typeof q>,
  ReturnType<typeof q>,
  ReturnType<typeof q>,
  ReturnType<typeof q>,
];
const optionIds = (x: ReturnType<typeof q>) => x.options.map((o) => o._id);

describe('answer checks', () => {
  it('asks for an answer to a required question, worded by type', () => {
    expect(checkAnswer(free, undefined)).toBe('required');
    expect(checkAnswer(free, { text: '   ' })).toBe('required');
    expect(checkAnswer(single, { optionIds: [] })).toBe('chooseOne');
    expect(checkAnswer(multi, undefined)).toBe('chooseAtLeastOne');
    expect(checkAnswer({ ...ranking, optional: false }, undefined)).toBe('rankAll');
  });

  it('lets an optional question stay blank', () => {
    expect(checkAnswer(ranking, undefined)).toBeNull();
    expect(checkAnswer({ ...free, optional: true }, { text: '' })).toBeNull();
  });

  it('limits free text to 5000 characters after trimming', () => {
    expect(checkAnswer(free, { text: 'x'.repeat(5001) })).toBe('tooLong');
    expect(checkAnswer(free, { text: ` ${'x'.repeat(5000)} ` })).toBeNull();
    expect(checkAnswer({ ...free, optional: true }, { text: 'x'.repeat(5001) })).toBe('tooLong');
  });

  it('wants exactly one single choice and every option ranked', () => {
    expect(checkAnswer(single, { optionIds: optionIds(single).slice(0, 2) })).toBe('chooseOne');
    expect(checkAnswer(single, { optionIds: [optionIds(single)[0]!] })).toBeNull();
    expect(checkAnswer(ranking, { optionIds: optionIds(ranking).slice(0, 2) })).toBe('rankAll');
    expect(checkAnswer(ranking, { optionIds: optionIds(ranking).reverse() })).toBeNull();
  });

  it('lists, for the server, the issues the page cannot cause, with their fields', () => {
    const [a, b] = optionIds(single);
    expect(answerIssues(single, { text: 'yes', optionIds: [a!, 'nope', a!, b!] })).toEqual([
      { kind: 'choiceTakesOptions', path: ['text'] },
      { kind: 'notAnOption', path: ['optionIds', 1] },
      { kind: 'chosenTwice', path: ['optionIds', 2] },
      { kind: 'chooseOne', path: ['optionIds'] },
    ]);
    expect(answerIssues(free, { text: 'x'.repeat(5001), optionIds: [a!] })).toEqual([
      { kind: 'freeTextTakesText', path: ['optionIds'] },
      { kind: 'tooLong', path: ['text'], max: 5000 },
    ]);
  });

  it('checks the email and the optional names', () => {
    expect(checkContact({ email: '', firstname: '', lastname: '' })).toEqual({ email: 'emailRequired' });
    expect(checkContact({ email: 'nope@', firstname: '', lastname: '' })).toEqual({ email: 'emailInvalid' });
    expect(checkContact({ email: ' Ada@Example.com ', firstname: 'Ada', lastname: '' })).toEqual({});
    expect(checkContact({ email: 'a@b.co', firstname: 'x'.repeat(101), lastname: 'y'.repeat(101) })).toEqual({
      firstname: 'nameTooLong',
      lastname: 'nameTooLong',
    });
  });

  it('sends only answers on the path, trimmed, without blank optional ones', () => {
    const no = optionIds(single)[1]!;
    const sent = answersToSend(makeQuestions(), {
      [single._id]: { optionIds: [no] },
      [multi._id]: { optionIds: [optionIds(multi)[0]!] }, // off the path after "No"
      [free._id]: { text: '  fine  ' },
    });
    expect(sent).toEqual([
      { questionId: single._id, optionIds: [no] },
      { questionId: free._id, text: 'fine' },
    ]);
  });
});
