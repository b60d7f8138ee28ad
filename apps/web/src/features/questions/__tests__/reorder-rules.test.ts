import { pathRulesBrokenByOrder } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { makeQuestion } from '@/testing/campaign-fixtures';
import { describeBrokenRules } from '../lib/question-rules';

/** Q1 sends "Never" to Q4 and "Stop" to the end; Q2 sends "B" to Q3. */
const fourQuestions = () => {
  const q4 = makeQuestion('Q4', ['A', 'B']);
  const q3 = makeQuestion('Q3', ['A', 'B']);
  const q2 = makeQuestion('Q2', ['A', 'B']);
  const q1 = makeQuestion('Q1', ['Always', 'Never', 'Stop']);
  q1.pathRules = [
    { optionId: q1.options[1]!._id, nextQuestionId: q4._id },
    { optionId: q1.options[2]!._id, nextQuestionId: null },
  ];
  q2.pathRules = [{ optionId: q2.options[1]!._id, nextQuestionId: q3._id }];
  return { q1, q2, q3, q4 };
};

describe('path rules a reorder would break', () => {
  it('lists none while every rule still jumps forward', () => {
    const { q1, q2, q3, q4 } = fourQuestions();
    expect(pathRulesBrokenByOrder([q1, q2, q3, q4])).toEqual([]);
    expect(pathRulesBrokenByOrder([q1, q4, q2, q3])).toEqual([]);
    expect(pathRulesBrokenByOrder([q2, q3, q1, q4])).toEqual([]);
  });

  it('lists each rule whose target would come at or before its question; a rule to the end never', () => {
    const { q1, q2, q3, q4 } = fourQuestions();
    expect(pathRulesBrokenByOrder([q4, q3, q2, q1])).toEqual([
      { questionId: q2._id, optionId: q2.options[1]!._id, nextQuestionId: q3._id },
      { questionId: q1._id, optionId: q1.options[1]!._id, nextQuestionId: q4._id },
    ]);
    const broken = pathRulesBrokenByOrder([q4, q1, q2, q3]);
    expect(describeBrokenRules(broken, [q1, q2, q3, q4])).toEqual([
      { key: `${q1._id}:${q1.options[1]!._id}`, question: 'Q1', option: 'Never', target: 'Q4' },
    ]);
  });

  it('ignores a rule whose target is not in the list (that is a deletion, not an order)', () => {
    const { q1, q2, q3 } = fourQuestions();
    expect(pathRulesBrokenByOrder([q1, q3, q2])).toEqual([
      { questionId: q2._id, optionId: q2.options[1]!._id, nextQuestionId: q3._id },
    ]);
  });
});
