import type { Contact } from '@parley/contract';

type Names = Partial<Pick<Contact, 'firstname' | 'lastname' | 'internalFirstname' | 'internalLastname'>>;

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/** The name the participant gave, else the owner's internal name for them, else '' (show the address). */
export const memberName = (c: Names) =>
  join(c.firstname, c.lastname) || join(c.internalFirstname, c.internalLastname);
