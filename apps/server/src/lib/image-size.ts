/**
 * The pixel size of an uploaded image, read from its header bytes without decoding it, for the
 * pixel budget of participants' and authors' media (docs/product-decisions.md, "The ticket
 * conversation"): a small file may still ask a viewer's browser for gigabytes once decoded.
 * PNG (IHDR), JPEG (the first frame header, SOFn), GIF (the logical screen, widened by any frame
 * that reaches past it, as browsers do) and WebP (VP8, VP8L or the VP8X canvas). Undefined when the
 * header cannot be read: such a file is not an image any browser shows either.
 */

export type ImageSize = { width: number; height: number };

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

const pngSize = (b: Buffer): ImageSize | undefined => {
  if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
};

/** Start-of-frame markers (SOF0–SOF15 without DHT C4, JPG C8 and DAC CC): they carry the frame's size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const jpegSize = (b: Buffer): ImageSize | undefined => {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // Fill bytes, and markers that stand alone (TEM, RSTn, SOI).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // End of image or start of scan before any frame header: nothing to read a size from.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return undefined;
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
};

/** Skips a GIF's data sub-blocks (each a length byte and its bytes, ended by a zero length). */
const skipSubBlocks = (b: Buffer, from: number) => {
  let at = from;
  while (at < b.length) {
    const size = b[at] ?? 0;
    at += 1 + size;
    if (size === 0) return at;
  }
  return undefined;
};

const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

const gifSize = (b: Buffer): ImageSize | undefined => {
  if (b.length < 13) return undefined;
  let width = b.readUInt16LE(6);
  let height = b.readUInt16LE(8);
  let at = 13 + colourTableBytes(b[10] ?? 0);
  // Every frame's own rectangle: browsers widen the canvas to a frame that reaches past the screen.
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      const next = skipSubBlocks(b, at + 2);
      if (next === undefined) break;
      at = next;
    } else if (block === 0x2c) {
      if (at + 10 > b.length) break;
      width = Math.max(width, b.readUInt16LE(at + 1) + b.readUInt16LE(at + 5));
      height = Math.max(height, b.readUInt16LE(at + 3) + b.readUInt16LE(at + 7));
      const next = skipSubBlocks(b, at + 10 + colourTableBytes(b[at + 9] ?? 0) + 1);
      if (next === undefined) break;
      at = next;
    } else {
      break;
    }
  }
  return { width, height };
};

const webpSize = (b: Buffer): ImageSize | undefined => {
  if (b.length < 30) return undefined;
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    // A key frame's start code, then 14 bits of width and of height (the top two bits scale).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return undefined;
};

/** The size of an image of this (sniffed) type; undefined when its header cannot be read. */
export const imageSize = (b: Buffer, contentType: string): ImageSize | undefined => {
  const size =
    contentType === 'image/png'
      ? pngSize(b)
      : contentType === 'image/jpeg'
        ? jpegSize(b)
        : contentType === 'image/gif'
          ? gifSize(b)
          : contentType === 'image/webp'
            ? webpSize(b)
            : undefined;
  return size && size.width > 0 && size.height > 0 ? size : undefined;
};

/**
 * Markup a browser could run if it took the file for a page: script, frame and plug-in tags, an
 * HTML doctype, event-handler attributes and `javascript:` links. Each is six characters or more
 * with what must follow it, so compressed pixel data holds one by chance about once in tens of
 * millions of 10 MB uploads; a shorter tag (`<html`, `<svg`) would refuse real photos.
 */
const markup = /<(?:script|iframe|object|embed)[\s/>]|<!doctype\s+html|\bon(?:error|load)\s*=|javascript:/i;

/**
 * Whether an image also carries markup (an image that is also a page: text chunks, comments or bytes
 * after the image's end). Served media are inert anyway (media-reply.ts); such a file is refused
 * all the same, since it has no reason to exist and may be saved and opened elsewhere.
 */
export const holdsMarkup = (b: Buffer) => markup.test(b.toString('latin1'));
