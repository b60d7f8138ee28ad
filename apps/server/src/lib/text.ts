/**
 * `text` cut to at most `max` characters (code points, so an emoji or other surrogate pair is never
 * split: half a pair is not valid Unicode, and PostgreSQL's jsonb refuses it), with `…` when cut.
 */
export const shorten = (text: string, max: number) => {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
};
