import { AppError } from './errors.js';

export type FeatureFlag =
  | 'canComment'
  | 'canPrivateNote'
  | 'canSaveAnswerWithoutNotification'
  | 'canExport'
  | 'canUnpublish';

/** D8: a feature the manufacturer's flag leaves off answers 403 `feature/disabled`, naming the flag. */
export const requireFeature = (manufacturer: Record<FeatureFlag, boolean>, flag: FeatureFlag) => {
  if (!manufacturer[flag]) {
    throw new AppError('feature/disabled', `This feature is not enabled for your account (${flag}).`);
  }
};
