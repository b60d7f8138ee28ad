import { nextQuestionIndex, surveyPath } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { nextOnPath, previousOnPath } from '../lib/path-rules';
import { makeQuestions, q } from './survey-fixtures';

const questions = makeQuestions();
const [single] = questions;
const [yes, no, stop] = single!.options.map((o) => o._id);
const ids = (path: number[]) => path.map((i) => questions[i]!.text);

describe('path rules', () => {
  it('goes in order without a choice or a rule', () => {
    expect(ids(surveyPath(questions, {}))).toEqual([
      'Do you ride?',
      'Which bikes?',
      'Rank the colours',
      'Anything else?',
    ]);
    expect(ids(surveyPath(questions, { [single!._id]: { optionIds: [yes!] } }))).toHaveLength(4);
  });

  it('jumps forward to the question a chosen option names', () => {
    expect(ids(surveyPath(questions, { [single!._id]: { optionIds: [no!] } }))).toEqual([
      'Do you ride?',
      'Anything else?',
    ]);
  });

  it('ends the survey on a rule to the end', () => {
    expect(surveyPath(questions, { [single!._id]: { optionIds: [stop!] } })).toEqual([0]);
    expect(nextQuestionIndex(questions, 0, stop)).toBeNull();
  });

  it('ignores rules that point backwards or at a missing question, so a walk always ends', () => {
    const options = [{ _id: 'a', text: 'A' }];
    const looping = [
      q(1),
      q(2, { type: 'SingleChoice', options, pathRules: [{ optionId: 'a', nextQuestionId: q(1)._id }] }),
      q(3, { type: 'SingleChoice', options, pathRules: [{ optionId: 'a', nextQuestionId: q(42)._id }] }),
      q(4),
    ];
    const answers = { [q(2)._id]: { optionIds: ['a'] }, [q(3)._id]: { optionIds: ['a'] } };
    expect(surveyPath(looping, answers)).toEqual([0, 1, 2, 3]);
  });

  it('only follows rules of single-choice questions', () => {
    const options = [{ _id: 'a', text: 'A' }];
    const multi = [
      q(1, { type: 'MultiChoice', options, pathRules: [{ optionId: 'a', nextQuestionId: null }] }),
      q(2),
    ];
    expect(surveyPath(multi, { [q(1)._id]: { optionIds: ['a'] } })).toEqual([0, 1]);
  });

  it('goes back to the previous shown question, not the previous in order', () => {
    const path = surveyPath(questions, { [single!._id]: { optionIds: [no!] } });
    expect(previousOnPath(path, questions, questions[3]!._id)).toBe(single!._id);
    expect(previousOnPath(path, questions, single!._id)).toBeNull();
    expect(nextOnPath(path, questions, single!._id)).toBe(questions[3]!._id);
    expect(nextOnPath(path, questions, questions[3]!._id)).toBeNull();
  });

  it('has no path without questions', () => {
    expect(surveyPath([], {})).toEqual([]);
  });
});
