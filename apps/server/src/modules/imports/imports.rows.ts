import { type ImportRecordCheck, importRecordChecker } from '@parley/contract';

export type RowCheck = ImportRecordCheck;

/**
 * A record of the file as a contact with its tags, or the reason it is rejected, a later row of an
 * address included: the contract's rule (`importRecordChecker`), which the console's preview applies
 * too (docs/product-decisions.md, "Import"). One per run of the import job, fed every row from the
 * file's start.
 */
export const createSeenAddresses = () => ({ check: importRecordChecker() });
