import { defineErrorCodes } from '../../lib/errors.js';

export const importErrorCodes = defineErrorCodes({
  'import/invalid-file': 400,
  'import/too-large': 413,
});
type ImportErrorCodes = typeof importErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends ImportErrorCodes {}
}
