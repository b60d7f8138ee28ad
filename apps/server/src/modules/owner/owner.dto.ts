import { type api, defaultMailNotifications, type OwnerSmall, type RouteResponse } from '@parley/contract';
import type { ManufacturerRow, OwnerRow } from './owner.repository.js';

export const toManufacturerDto = (m: ManufacturerRow): OwnerSmall['manufacturer'] => ({
  _id: m.id,
  name: m.name,
  createdAt: m.createdAt.toISOString(),
  imageUrl: m.imageUrl,
  answerLimitation: m.answerLimitation,
  autoPublished: m.autoPublished,
  delayDays: m.delayDays,
  canUnpublish: m.canUnpublish,
  canPrivateNote: m.canPrivateNote,
  canExport: m.canExport,
  canComment: m.canComment,
  isPartner: m.isPartner,
  canSaveAnswerWithoutNotification: m.canSaveAnswerWithoutNotification,
  defaultCountry: m.defaultCountry,
  privacyUrl: m.privacyUrl,
  imprintUrl: m.imprintUrl,
});

export const toOwnerSmall = (o: OwnerRow, m: ManufacturerRow): OwnerSmall => ({
  _id: o.id,
  name: o.name,
  email: o.email,
  avatar: o.avatar,
  isParleyConnectEnabled: o.isConnectEnabled,
  manufacturer: toManufacturerDto(m),
  mailNotifications: { ...defaultMailNotifications, ...o.mailNotifications },
  language: o.language,
});

type OwnerListItem = RouteResponse<typeof api.owner.list>['documents'][number];

export const toOwnerListItem = (o: OwnerRow): OwnerListItem => ({
  _id: o.id,
  name: o.name,
  email: o.email,
  avatar: o.avatar,
  disabled: o.disabled,
  createdAt: o.createdAt.toISOString(),
});
