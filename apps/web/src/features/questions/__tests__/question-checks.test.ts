import { questionIssues } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { checkDraft, emptyDraft, hasProblems, type QuestionDraft } from '../lib/question-rules';

const draft = (over: Partial<QuestionDraft> = {}): QuestionDraft => ({
  ...emptyDraft(),
  text: 'Do you ride?',
  options: [
    { key: 'a', text: 'Yes', tags: [] },
    { key: 'b', text: 'No', tags: [] },
  ],
  ...over,
});

describe('question checks', () => {
  it('finds the issues the API refuses, with their fields', () => {
    expect(questionIssues({ type: 'FreeText', text: 'Hi there', options: [{ text: 'x' }] })).toEqual([
      { kind: 'freeTextOptions', path: ['options'] },
    ]);
    expect(
      questionIssues({
        type: 'SingleChoice',
        text: ' x ',
        link: 'nope',
        options: [{ text: ' A ' }, { text: 'a' }],
      }),
    ).toEqual([
      { kind: 'textMin', path: ['text'] },
      { kind: 'link', path: ['link'] },
      { kind: 'optionDuplicate', path: ['options', 1, 'text'] },
    ]);
  });

  it('shows one problem per field in the form, the first found', () => {
    expect(hasProblems(checkDraft(draft()))).toBe(false);
    expect(
      checkDraft(
        draft({
          text: 'x'.repeat(1001),
          link: 'ftp://example.com',
          options: [
            { key: 'a', text: ' ', tags: [] },
            { key: 'b', text: '', tags: [] },
            { key: 'c', text: 'Yes', tags: [] },
            { key: 'd', text: 'YES ', tags: [] },
            { key: 'e', text: 'y'.repeat(201), tags: [] },
          ],
        }),
      ),
    ).toEqual({
      text: 'textMax',
      link: 'link',
      option: { a: 'optionEmpty', b: 'optionEmpty', d: 'optionDuplicate', e: 'optionMax' },
    });
    expect(checkDraft(draft({ options: [{ key: 'a', text: 'Yes', tags: [] }] })).options).toBe('optionsMin');
  });

  it("leaves a free-text draft's kept options unchecked", () => {
    const problems = checkDraft(draft({ type: 'FreeText', options: [{ key: 'a', text: '', tags: [] }] }));
    expect(hasProblems(problems)).toBe(false);
  });
});
