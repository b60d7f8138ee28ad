import { crc32, deflateSync } from 'node:zlib';
import { ticketMediaLimits } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { holdsMarkup, imageSize } from '../src/lib/image-size.js';
import { makePng, multipart } from './campaign-api.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * The pixel budget and the markup check of public media (docs/product-decisions.md, "The ticket
 * conversation"): a file of a few kilobytes may claim 30000 × 30000 px (2.7 GB decoded in every
 * viewer's browser), and an image may also be a page. Both upload routes share the check
 * (lib/media.ts); the feedback page's is called here, the ticket page's in ticket-conversation.test.ts.
 * The images are headers built by hand: the server reads their size without decoding them.
 */
const ctx = useTestApp();

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A PNG whose header says `width` × `height` (its pixel data is a stub). */
const png = (width: number, height: number, ...extra: Buffer[]) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...extra,
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const segment = (marker: number, data: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

/** A baseline JPEG's markers: JFIF, an optional comment, the frame header, a scan, the end. */
const jpeg = (width: number, height: number, comment?: string) => {
  const sof = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...(comment ? [segment(0xfe, Buffer.from(comment, 'latin1'))] : []),
    segment(0xc0, sof),
    segment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9]),
  ]);
};

/** A GIF with a `screen` and one frame at `frame` (left, top, width, height). */
const gif = (screen: [number, number], frame: [number, number, number, number]) => {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(screen[0], 6);
  head.writeUInt16LE(screen[1], 8);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  for (const [i, v] of frame.entries()) descriptor.writeUInt16LE(v, 1 + i * 2);
  const comment = Buffer.from([0x21, 0xfe, 3, 0x61, 0x62, 0x63, 0]);
  return Buffer.concat([head, comment, descriptor, Buffer.from([2, 2, 0x4c, 0x01, 0, 0x3b])]);
};

const riff = (chunkType: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(`WEBP${chunkType}`, 'latin1'), Buffer.alloc(4), data]);
  body.writeUInt32LE(data.length, 8);
  const head = Buffer.from('RIFF\0\0\0\0', 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
};

/** An extended WebP's canvas (VP8X), as animations and images with alpha or metadata carry. */
const webpCanvas = (width: number, height: number) => {
  const data = Buffer.alloc(18);
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', data);
};

/** A lossless WebP (VP8L): 14 bits each of width − 1 and height − 1. */
const webpLossless = (width: number, height: number) => {
  const data = Buffer.alloc(16);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  return riff('VP8L', data);
};

/** A lossy WebP (VP8): a key frame's tag, start code and 14-bit sizes. */
const webpLossy = (width: number, height: number) => {
  const data = Buffer.alloc(16);
  data.set([0x9d, 0x01, 0x2a], 3);
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return riff('VP8 ', data);
};

describe('image sizes from the header bytes', () => {
  it('reads PNG, JPEG, GIF (frames past the screen too) and the three WebP forms without decoding', () => {
    expect(imageSize(png(30000, 30000), 'image/png')).toEqual({ width: 30000, height: 30000 });
    expect(imageSize(jpeg(8000, 6000, 'made by a camera'), 'image/jpeg')).toEqual({
      width: 8000,
      height: 6000,
    });
    expect(imageSize(gif([100, 80], [0, 0, 100, 80]), 'image/gif')).toEqual({ width: 100, height: 80 });
    expect(imageSize(gif([10, 10], [5, 7, 9000, 8000]), 'image/gif')).toEqual({ width: 9005, height: 8007 });
    expect(imageSize(webpCanvas(16384, 16384), 'image/webp')).toEqual({ width: 16384, height: 16384 });
    expect(imageSize(webpLossless(16383, 9000), 'image/webp')).toEqual({ width: 16383, height: 9000 });
    expect(imageSize(webpLossy(4000, 3000), 'image/webp')).toEqual({ width: 4000, height: 3000 });
    // No frame header before the scan, a zero size: unreadable.
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]), 'image/jpeg')).toBeUndefined();
    expect(imageSize(png(0, 10), 'image/png')).toBeUndefined();
  });

  it('finds markup in an image, and none in random bytes', () => {
    expect(holdsMarkup(Buffer.concat([png(4, 4), Buffer.from('<html><SCRIPT>alert(1)</SCRIPT>')]))).toBe(
      true,
    );
    expect(holdsMarkup(jpeg(10, 10, '<img src=x onerror=alert(1)>'))).toBe(true);
    expect(holdsMarkup(png(4, 4))).toBe(false);
    expect(holdsMarkup(jpeg(10, 10, 'Canon EOS <html> 5D'))).toBe(false);
  });
});

describe('public media uploads (the feedback page)', () => {
  const upload = async (m: string, data: Buffer, contentType: string) => {
    const f = multipart([{ name: 'file', filename: 'picture', contentType, data }]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/public/feedback/${m}/media`,
      payload: f.payload,
      headers: f.headers,
      remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
  };

  it(`refuses an image above ${ticketMediaLimits.maxImagePixels / 1_000_000} megapixels in every format, however small its file`, async () => {
    const { manufacturerId: m } = await ownerSession(ctx);
    for (const [name, data, type] of [
      ['PNG 30000 × 30000', png(30000, 30000), 'image/png'],
      ['PNG 8000 × 8001, one row past the budget', png(8000, 8001), 'image/png'],
      ["JPEG 16320 × 12240 (a phone's 200 MP mode)", jpeg(16320, 12240), 'image/jpeg'],
      ['JPEG 11648 × 8736 (a 100 MP medium-format camera)', jpeg(11648, 8736), 'image/jpeg'],
      ['GIF with a 9000 × 8000 frame', gif([10, 10], [0, 0, 9000, 8000]), 'image/gif'],
      ['WebP canvas 16384 × 16384', webpCanvas(16384, 16384), 'image/webp'],
      ['lossless WebP 16383 × 9000', webpLossless(16383, 9000), 'image/webp'],
    ] as const) {
      const res = await upload(m, data, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ code: 'file/too-many-pixels', field: 'file' });
      expect(res.json().message, name).toContain('64 megapixels');
    }
    // Within the budget: 64 MP exactly, 45–61 MP cameras, 48/50 MP and 12 MP phone photos.
    for (const [name, data, type] of [
      ['PNG 8000 × 8000', png(8000, 8000), 'image/png'],
      ['JPEG 9504 × 6336 (a 61 MP camera)', jpeg(9504, 6336, 'Exif'), 'image/jpeg'],
      ['JPEG 8256 × 5504 (a 45 MP camera)', jpeg(8256, 5504, 'Exif'), 'image/jpeg'],
      ["JPEG 8160 × 6144 (a phone's 50 MP mode)", jpeg(8160, 6144, 'Exif'), 'image/jpeg'],
      ["JPEG 8064 × 6048 (a phone's 48 MP mode)", jpeg(8064, 6048, 'Exif'), 'image/jpeg'],
      ['JPEG 4000 × 3000', jpeg(4000, 3000, 'Exif'), 'image/jpeg'],
      ['GIF 100 × 80', gif([100, 80], [0, 0, 100, 80]), 'image/gif'],
      ['WebP 4000 × 3000', webpLossy(4000, 3000), 'image/webp'],
      ['real PNG', makePng(40, 30), 'image/png'],
    ] as const) {
      const res = await upload(m, data, type);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
    }
  });

  it('refuses an image that is also a page (markup after its end, in a text chunk, in a comment) and one whose header is unreadable', async () => {
    const { manufacturerId: m } = await ownerSession(ctx);
    const page = '<!DOCTYPE html><html><body><script>fetch("/api/owner/me/small")</script></body></html>';
    for (const [name, data, type] of [
      ['PNG + HTML', Buffer.concat([makePng(4, 4), Buffer.from(page)]), 'image/png'],
      ['PNG text chunk', png(4, 4, chunk('tEXt', Buffer.from(`Comment\0${page}`))), 'image/png'],
      ['JPEG comment', jpeg(10, 10, '<iframe src="https://evil.example">'), 'image/jpeg'],
      ['GIF + HTML', Buffer.concat([gif([4, 4], [0, 0, 4, 4]), Buffer.from(page)]), 'image/gif'],
    ] as const) {
      const res = await upload(m, data, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ code: 'file/invalid', field: 'file' });
      expect(res.json().message, name).toContain('markup');
    }
    const unreadable = await upload(m, Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 3]), 'image/jpeg');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({ code: 'file/invalid', field: 'file' });
  });
});
