import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths PNG allows per colour type (PNG spec, table 11.1). */
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

export type PngInfo = { width: number; height: number };

/**
 * Reads a PNG's structure without decoding it: the signature, an IHDR chunk first with a valid
 * CRC and sane header values, then well-formed chunks up to an IEND that ends the file.
 * Anything else (another format renamed .png, a truncated upload, trailing data) is undefined.
 */
export const inspectPng = (buf: Buffer): PngInfo | undefined => {
  if (buf.length < SIGNATURE.length + 25 + 12 || !buf.subarray(0, 8).equals(SIGNATURE)) return undefined;
  if (buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  if (crc32(buf.subarray(12, 29)) !== buf.readUInt32BE(29)) return undefined;
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const depth = buf[24] ?? -1;
  const colourType = buf[25] ?? -1;
  if (width === 0 || height === 0 || !DEPTHS[colourType]?.includes(depth)) return undefined;
  if (buf[26] !== 0 || buf[27] !== 0 || (buf[28] !== 0 && buf[28] !== 1)) return undefined;

  let at = 33;
  let sawData = false;
  while (at + 12 <= buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || at + 12 + length > buf.length) return undefined;
    if (type === 'IDAT') sawData = true;
    at += 12 + length;
    if (type === 'IEND') return at === buf.length && sawData ? { width, height } : undefined;
  }
  return undefined;
};
