import {
  type PathRule,
  type PathRuleInput,
  type PathRuleIssue,
  resolvePathRules as resolveRules,
} from '@parley/contract';
import { AppError } from '../../lib/errors.js';

const pathRuleMessages = {
  notAllowed: 'path rules apply only to non-optional single-choice questions',
  noOptionNamed: 'must name an option by optionId or by optionIndex',
  notAnOption: 'must be an option of this question',
  optionHasRule: 'has a rule already',
  notForward: 'must be a later question of this campaign, or null for the end',
} as const satisfies Record<PathRuleIssue['kind'], string>;

/** The contract's path-rule check, refused in the API's words naming the field. */
export const resolvePathRules = (
  input: readonly PathRuleInput[],
  ctx: Parameters<typeof resolveRules>[1],
): PathRule[] => {
  const result = resolveRules(input, ctx);
  if ('rules' in result) return result.rules;
  const field = result.issue.path.join('.');
  throw new AppError('validation', `${field}: ${pathRuleMessages[result.issue.kind]}`, field);
};
