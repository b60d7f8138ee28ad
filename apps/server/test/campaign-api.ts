import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import {
  type ApiErrorBody,
  api,
  type Campaign,
  type CampaignInput,
  type Question,
  type QuestionInput,
} from '@parley/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaigns } from '../src/modules/campaigns/campaigns.tables.js';
import type { Runtime } from '../src/runtime.js';
import type { ownerSession } from './helpers.js';

/** Helpers for the campaign, question, storage and job tests: everything through the real API. */
export type Session = Awaited<ReturnType<typeof ownerSession>>;

export const createCampaign = async (s: Session, body: Partial<CampaignInput> = {}): Promise<Campaign> => {
  const res = await s.api(api.campaigns.create, { body: { title: 'A survey', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

export const choice = (
  text: string,
  options: string[],
  extra: Partial<QuestionInput> = {},
): QuestionInput => ({
  type: 'SingleChoice',
  text,
  options: options.map((o) => ({ text: o })),
  ...extra,
});

export const freeText = (text: string, extra: Partial<QuestionInput> = {}): QuestionInput => ({
  type: 'FreeText',
  text,
  ...extra,
});

export const addQuestion = async (s: Session, campaignId: string, body: QuestionInput): Promise<Question> => {
  const res = await s.api(api.questions.create, { params: { id: campaignId }, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

export const listQuestions = async (s: Session, campaignId: string): Promise<Question[]> => {
  const res = await s.api(api.questions.list, { params: { id: campaignId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().documents;
};

export const getCampaign = async (s: Session, id: string): Promise<Campaign> => {
  const res = await s.api(api.campaigns.get, { params: { id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A campaign's state change or copy, expected to answer `status`. */
export const post = async (
  s: Session,
  route: typeof api.campaigns.start | typeof api.campaigns.stop | typeof api.campaigns.copy,
  id: string,
  status = 200,
): Promise<Campaign> => {
  const res = await s.api(route, { params: { id } });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

/** A draft with one free-text question, started. */
export const runningCampaign = async (s: Session, body: Partial<CampaignInput> = {}) => {
  const c = await createCampaign(s, body);
  await addQuestion(s, c._id, freeText('How was it?'));
  return post(s, api.campaigns.start, c._id);
};

export const endedCampaign = async (s: Session, body: Partial<CampaignInput> = {}) => {
  const c = await runningCampaign(s, body);
  return post(s, api.campaigns.stop, c._id);
};

/** What participants' answers do to the counter (the participation module owns the real path). */
export const setTicketCount = (rt: Runtime, id: string, ticketCount: number) =>
  rt.db.update(campaigns).set({ ticketCount }).where(eq(campaigns.id, id));

/** Expects an error answer with this status, code and (when given) field. */
export const expectError = (
  res: { statusCode: number; body: string },
  status: number,
  code: string,
  field?: string,
) => {
  expect(res.statusCode, res.body).toBe(status);
  const error = JSON.parse(res.body) as ApiErrorBody;
  expect(error.code, res.body).toBe(code);
  if (field !== undefined) expect(error.field, res.body).toBe(field);
};

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A real (grey) PNG of the given size, built by hand. */
export const makePng = (width: number, height: number) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A multipart/form-data body for app.inject. */
export const multipart = (
  parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[],
) => {
  const boundary = `----parley${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
