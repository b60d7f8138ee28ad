import type { Product } from '@parley/contract';

/** D10: the console's routes in one place; links and the router both read them. */
export const paths = {
  login: '/login',
  resetPassword: '/reset-password',
  dashboard: '/',
  campaigns: '/connect/campaigns',
  inbox: '/connect/tickets',
  campaign: (id: string) => `/connect/campaigns/${encodeURIComponent(id)}`,
  campaignTicket: (campaignId: string, ticketId: string) =>
    `/connect/campaigns/${encodeURIComponent(campaignId)}/tickets/${encodeURIComponent(ticketId)}`,
  contacts: '/connect/contacts',
  contact: (id: string) => `/connect/contacts/${encodeURIComponent(id)}`,
  contactLists: '/connect/contact-lists',
  contactList: (id: string) => `/connect/contact-lists/${encodeURIComponent(id)}`,
  contactRequests: '/connect/contact-requests',
  tagGroups: '/connect/tag-groups',
  tagGroup: (id: string) => `/connect/tag-groups/${encodeURIComponent(id)}`,
  tickets: '/platform/tickets',
  ticket: (id: string) => `/platform/tickets/${encodeURIComponent(id)}`,
  templates: '/templates',
  profile: '/profile',
} as const;

/** Paths containing connect or platform set the active product area. */
export const areaFromPath = (pathname: string): Product | null => {
  const segments = pathname.split('/');
  if (segments.includes('connect')) return 'connect';
  if (segments.includes('platform')) return 'platform';
  return null;
};
