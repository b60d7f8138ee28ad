import type { Campaign, CampaignLight } from '@parley/contract';
import type { CampaignRow } from './campaigns.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The survey's public link (D10), built from PUBLIC_URL, never from the request. */
export const openLinkUrl = (publicUrl: string, id: string) => `${publicUrl}/p/c/${id}`;

export const toCampaign = (c: CampaignRow, publicUrl: string): Campaign => ({
  _id: c.id,
  title: c.title,
  description: c.description,
  language: c.language,
  image: c.image,
  endCondition: c.endCondition,
  autoReminder: c.autoReminder,
  isGroupCampaign: c.isGroupCampaign,
  allowMultipleParticipation: c.allowMultipleParticipation,
  openLink: c.openLink,
  tags: c.tags,
  state: c.state,
  archivedFrom: c.archivedFrom,
  hasStarted: c.hasStarted,
  startedAt: iso(c.startedAt),
  endedAt: iso(c.endedAt),
  archivedAt: iso(c.archivedAt),
  ticketCount: c.ticketCount,
  questionCount: c.questionCount,
  openLinkUrl: openLinkUrl(publicUrl, c.id),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const toCampaignLight = (c: CampaignRow): CampaignLight => ({
  _id: c.id,
  title: c.title,
  state: c.state,
  language: c.language,
  endCondition: c.endCondition,
  ticketCount: c.ticketCount,
  questionCount: c.questionCount,
  hasStarted: c.hasStarted,
  updatedAt: c.updatedAt.toISOString(),
});
