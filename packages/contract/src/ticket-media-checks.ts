/**
 * What a participant may attach to a reply on their ticket page (D25, docs/product-decisions.md,
 * "The ticket conversation"): images and videos of these types and sizes, a few per reply. The
 * page checks a file before it uploads it; the server checks the bytes themselves again.
 */
export const ticketMediaLimits = {
  imageTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  videoTypes: ['video/mp4', 'video/webm', 'video/quicktime'],
  maxImageBytes: 10 * 1024 * 1024,
  maxVideoBytes: 50 * 1024 * 1024,
  /**
   * The most pixels an image may have (width × height): a small file may decode to gigabytes in a
   * viewer's browser. 64 MP decode to about 256 MB (RGBA) and keep 48/50 MP phone modes and 45–61 MP
   * cameras; 100–200 MP modes are refused (docs/product-decisions.md, "The ticket conversation").
   * Only the server checks it, from the file's header; the page would have to decode it.
   */
  maxImagePixels: 64_000_000,
  perComment: 5,
} as const;

export type TicketMediaKind = 'image' | 'video';

/** The kind of a declared media type, or null when it may not be attached. */
export const ticketMediaKind = (contentType: string): TicketMediaKind | null => {
  const t = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  if ((ticketMediaLimits.imageTypes as readonly string[]).includes(t)) return 'image';
  if ((ticketMediaLimits.videoTypes as readonly string[]).includes(t)) return 'video';
  return null;
};

/** Why a file cannot be attached (`type` or `size`), or null when it can. */
export const ticketMediaProblem = (file: { type: string; size: number }): 'type' | 'size' | null => {
  const kind = ticketMediaKind(file.type);
  if (!kind) return 'type';
  const max = kind === 'image' ? ticketMediaLimits.maxImageBytes : ticketMediaLimits.maxVideoBytes;
  return file.size > max || file.size === 0 ? 'size' : null;
};
