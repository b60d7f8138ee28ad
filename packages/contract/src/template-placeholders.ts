/**
 * Response templates' placeholders (docs/product-decisions.md, "Response templates"): the one
 * definition of which placeholders exist, how they are found and how a text is filled in. The
 * server checks and fills owner texts with it; the console previews them with it.
 *
 * A placeholder is `{{name}}` or `{{name|fallback}}`: the fallback stands in when the value is
 * missing (a contact without a first name: `Hello {{contact.firstname|there}}` → "Hello there").
 */
export const templatePlaceholders = [
  'contact.firstname',
  'contact.lastname',
  'campaign.title',
  'manufacturer.name',
] as const;
export type TemplatePlaceholder = (typeof templatePlaceholders)[number];

/** What fills the placeholders for one recipient; a null or empty value takes the fallback. */
export type TemplateValues = Partial<Record<TemplatePlaceholder, string | null>>;

const placeholderPattern = /\{\{([^{}|]*)(?:\|([^{}]*))?\}\}/g;
const known = new Set<string>(templatePlaceholders);

/** The names in `{{…}}` that are not placeholders, each once, as written (trimmed). */
export const unknownPlaceholders = (text: string): string[] => {
  const found = new Set<string>();
  for (const m of text.matchAll(placeholderPattern)) {
    const name = (m[1] ?? '').trim();
    if (!known.has(name)) found.add(name);
  }
  return [...found];
};

/** The message for a text with unknown placeholders, or null when every placeholder is known. */
export const placeholderProblem = (text: string): string | null => {
  const unknown = unknownPlaceholders(text);
  if (unknown.length === 0) return null;
  const list = unknown.map((n) => `{{${n}}}`).join(', ');
  return `${unknown.length === 1 ? 'is an unknown placeholder' : 'are unknown placeholders'}: ${list}. Known: ${templatePlaceholders.map((p) => `{{${p}}}`).join(', ')}`;
};

/** Whether a text holds any placeholder (known or not). */
export const hasPlaceholders = (text: string) => /\{\{[^{}]*\}\}/.test(text);

/**
 * The text as one recipient gets it: each known placeholder replaced by its value, or by its
 * fallback when the value is missing, or by nothing. Unknown ones stay as written (a saved text
 * never has any: they are refused on save).
 */
export const renderTemplate = (text: string, values: TemplateValues): string =>
  text.replace(placeholderPattern, (whole, rawName: string, fallback: string | undefined) => {
    const name = rawName.trim();
    if (!known.has(name)) return whole;
    const value = values[name as TemplatePlaceholder]?.trim();
    return value ? value : (fallback?.trim() ?? '');
  });
