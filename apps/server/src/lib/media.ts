import { ticketMediaKind, ticketMediaLimits } from '@parley/contract';
import { AppError } from './errors.js';
import { holdsMarkup, imageSize } from './image-size.js';

const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/**
 * The media type a file really is, read from its first bytes (a declared type is only a claim):
 * PNG, JPEG, GIF, WebP, MP4, QuickTime or WebM; null for anything else.
 */
export const sniffMediaType = (b: Buffer): string | null => {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(b, 4, 8) === 'ftyp') return ascii(b, 8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  return null;
};

/**
 * Checks an upload against D25's rules for participants' media (contract: ticketMediaLimits): an
 * image or video by its bytes, within its kind's size; an image within the pixel budget and without
 * markup. Answers its real type and kind.
 */
export const checkMedia = (bytes: Buffer) => {
  const contentType = sniffMediaType(bytes);
  const kind = contentType ? ticketMediaKind(contentType) : null;
  if (!contentType || !kind) {
    throw new AppError(
      'file/invalid',
      'Attach an image (PNG, JPEG, WebP, GIF) or a video (MP4, WebM, QuickTime).',
      'file',
    );
  }
  const max = kind === 'image' ? ticketMediaLimits.maxImageBytes : ticketMediaLimits.maxVideoBytes;
  if (bytes.length > max) {
    throw new AppError('file/too-large', `The ${kind} is larger than ${max / 1024 / 1024} MB.`, 'file');
  }
  if (kind === 'image') checkImage(bytes, contentType);
  return { contentType, kind };
};

/**
 * An image's pixel budget, read from its header (a 2.6 MB PNG may claim 30000 × 30000 px, 2.7 GB
 * decoded in every viewer's browser), and no markup beside its picture (an image that is also a
 * page). Docs: docs/product-decisions.md, "The ticket conversation".
 */
const checkImage = (bytes: Buffer, contentType: string) => {
  const size = imageSize(bytes, contentType);
  if (!size) throw new AppError('file/invalid', 'The image cannot be read: its header is damaged.', 'file');
  const { maxImagePixels } = ticketMediaLimits;
  if (size.width * size.height > maxImagePixels) {
    throw new AppError(
      'file/too-many-pixels',
      `The image is ${size.width} × ${size.height} px; at most ${maxImagePixels / 1_000_000} megapixels.`,
      'file',
    );
  }
  if (holdsMarkup(bytes)) {
    throw new AppError(
      'file/invalid',
      'The image also holds markup (HTML or script); send the picture alone.',
      'file',
    );
  }
};
