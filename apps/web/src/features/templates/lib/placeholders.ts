import {
  placeholderProblem,
  type TemplatePlaceholder,
  type TemplateValues,
  templatePlaceholders,
  unknownPlaceholders,
} from '@parley/contract';

/** Each placeholder's name in the console's words (`templates.form.placeholders.*`). */
export const placeholderNames = {
  'contact.firstname': 'firstname',
  'contact.lastname': 'lastname',
  'campaign.title': 'campaignTitle',
  'manufacturer.name': 'manufacturerName',
} as const satisfies Record<TemplatePlaceholder, string>;

export const placeholderCode = (name: string) => `{{${name}}}`;

/** The placeholders as written in a text, for messages: `{{contact.firstname}}, …`. */
export const knownPlaceholderList = templatePlaceholders.map(placeholderCode).join(', ');

/**
 * The placeholders of a text that do not exist (the contract's rule, the one the server refuses a
 * text by), as written; empty when the text is fine.
 */
export const unknownPlaceholdersOf = (text: string): string[] =>
  placeholderProblem(text) === null ? [] : unknownPlaceholders(text);

/**
 * The text with `insert` put in place of the selection (or at the cursor): the new text and where
 * the cursor goes, right after what was inserted.
 */
export const insertAt = (text: string, insert: string, start: number, end = start) => {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
};

/** Sample values of the preview; without a name, the fallbacks show. */
export const sampleValues = (
  sample: { firstname: string; lastname: string; campaignTitle: string; manufacturerName: string },
  withName: boolean,
): TemplateValues => ({
  'contact.firstname': withName ? sample.firstname : null,
  'contact.lastname': withName ? sample.lastname : null,
  'campaign.title': sample.campaignTitle,
  'manufacturer.name': sample.manufacturerName,
});
