/** Characters no file system takes in a name (Windows is the strictest), and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const unsafe = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;

/**
 * An export's file name from the campaign's title: `<title>-results.<extension>`, the title without
 * characters a file system refuses, its spaces collapsed, at most 100 characters; "campaign" when
 * nothing is left.
 */
export const exportFileName = (title: string, extension: 'xlsx' | 'pdf'): string => {
  const base =
    title
      .replace(unsafe, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+|\.+$/g, '')
      .slice(0, 100)
      .trim() || 'campaign';
  return `${base}-results.${extension}`;
};
