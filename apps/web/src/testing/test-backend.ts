import {
  api,
  defaultMailNotifications,
  type HistoryEntry,
  type InfoItem,
  identityApi,
  type OwnerSmall,
  type Product,
  type PublicConfig,
} from '@parley/contract';
import { storageKeys, writeStorage } from '@/lib/storage';
import { createFakeServer, type FakeRequest } from './fake-server';

export const ownerEmail = 'owner@example.com';
export const ownerPassword = 'correct-password';

export const makeOwner = (overrides: Partial<OwnerSmall> = {}): OwnerSmall => ({
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Olivia Owner',
  email: ownerEmail,
  avatar: null,
  isParleyConnectEnabled: true,
  manufacturer: {
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'Acme Bikes',
    createdAt: '2024-01-01T00:00:00.000Z',
    imageUrl: null,
    answerLimitation: null,
    autoPublished: false,
    delayDays: 0,
    canUnpublish: false,
    canPrivateNote: false,
    canExport: false,
    canComment: false,
    isPartner: false,
    canSaveAnswerWithoutNotification: false,
    defaultCountry: 'DE',
    privacyUrl: null,
    imprintUrl: null,
  },
  mailNotifications: { ...defaultMailNotifications },
  language: 'en',
  ...overrides,
});

let historyCounter = 0;
export const makeHistoryEntry = (overrides: Partial<HistoryEntry> = {}): HistoryEntry => {
  historyCounter += 1;
  const n = String(historyCounter).padStart(12, '0');
  return {
    _id: `33333333-3333-4333-8333-${n}`,
    product: 'connect',
    kind: 'newCampaignTicket',
    subject: { type: 'campaignTicket', _id: `44444444-4444-4444-8444-${n}`, title: 'Bike survey' },
    data: { campaignId: '55555555-5555-4555-8555-555555555555' },
    isNewHistory: false,
    createdAt: '2025-03-04T09:05:00.000Z',
    ...overrides,
  };
};

export const defaultConfig: PublicConfig = {
  supportUrl: 'https://support.example.com',
  supportEmail: 'help@example.com',
  privacyUrl: null,
  environment: 'TEST',
  analytics: { provider: 'none', domain: null, scriptUrl: null },
  sentryDsn: null,
  tracesSampleRate: 1,
  appCheckRequired: false,
};

type BackendOptions = {
  owner?: OwnerSmall;
  history?: HistoryEntry[];
  info?: InfoItem[];
};

/**
 * The server side of the console's tests: the identity service (D5) and the /api calls of the
 * shell, with the behaviour of the real ones (codes, statuses, rotation of refresh tokens).
 */
export const createTestBackend = (options: BackendOptions = {}) => {
  const server = createFakeServer();
  const state = {
    owner: options.owner ?? makeOwner(),
    history: options.history ?? [],
    info: options.info ?? [],
    failedSignIns: 0,
    idTokens: new Set<string>(),
    refreshTokens: new Set<string>(),
    counter: 0,
  };

  const issueTokens = () => {
    state.counter += 1;
    const idToken = `id-token-${state.counter}`;
    const refreshToken = `refresh-token-${state.counter}`;
    state.idTokens.add(idToken);
    state.refreshTokens.add(refreshToken);
    return { idToken, refreshToken, expiresIn: '3600' };
  };

  const authorized = (request: FakeRequest) => state.idTokens.has(request.headers.get('x-auth-token') ?? '');
  const unauthorized = { status: 401, body: { code: 'auth/unauthorized', message: 'No valid token' } };

  server.on(identityApi.signIn, ({ body }) => {
    const { email, password } = body as { email: string; password: string };
    if (!email.includes('@')) {
      return { status: 400, body: { code: 'auth/invalid-email', message: 'Invalid email' } };
    }
    if (state.failedSignIns >= 5) {
      return { status: 429, body: { code: 'auth/too-many-requests', message: 'Too many' } };
    }
    if (email !== state.owner.email || password !== ownerPassword) {
      state.failedSignIns += 1;
      return { status: 400, body: { code: 'auth/invalid-credential', message: 'Invalid' } };
    }
    return { body: issueTokens() };
  });
  server.on(identityApi.refresh, ({ body }) => {
    const { refreshToken } = body as { refreshToken: string };
    if (!state.refreshTokens.delete(refreshToken)) {
      return { status: 400, body: { code: 'auth/invalid-credential', message: 'Revoked' } };
    }
    return { body: issueTokens() };
  });
  server.on(identityApi.signOut, ({ body }) => {
    state.refreshTokens.delete((body as { refreshToken: string }).refreshToken);
    return { status: 204 };
  });
  server.on(identityApi.passwordReset, () => ({ status: 204 }));
  server.on(identityApi.passwordResetConfirm, () => ({ status: 204 }));
  server.on(identityApi.passwordResetCheck, () => ({ status: 204 }));
  server.on(identityApi.passwordChange, (request) => {
    if (!authorized(request)) {
      return { status: 401, body: { code: 'auth/id-token-expired', message: 'Expired' } };
    }
    const { currentPassword } = request.body as { currentPassword: string };
    if (currentPassword !== ownerPassword) {
      return { status: 400, body: { code: 'auth/wrong-password', message: 'Wrong password' } };
    }
    return { body: issueTokens() };
  });

  server.on(api.info.config, () => ({ body: defaultConfig }));
  server.on(api.info.all, () => ({
    body: { documents: state.info, total: state.info.length },
  }));
  server.on(api.owner.meSmall, (request) => (authorized(request) ? { body: state.owner } : unauthorized));
  server.on(api.owner.updateMe, (request) => {
    if (!authorized(request)) return unauthorized;
    const { mailNotifications, ...rest } = request.body as Partial<OwnerSmall>;
    // As the server does: the switches sent change, the others stay.
    state.owner = {
      ...state.owner,
      ...rest,
      mailNotifications: { ...state.owner.mailNotifications, ...mailNotifications },
    };
    return { body: state.owner };
  });
  server.on(api.owner.updateManufacturer, (request) => {
    if (!authorized(request)) return unauthorized;
    state.owner = {
      ...state.owner,
      manufacturer: { ...state.owner.manufacturer, ...(request.body as Partial<OwnerSmall['manufacturer']>) },
    };
    return { body: state.owner.manufacturer };
  });
  server.on(api.history.me, (request) => {
    if (!authorized(request)) return unauthorized;
    const product = request.query.get('product') as Product;
    const documents = state.history.filter((entry) => entry.product === product);
    const newCount = documents.filter((entry) => entry.isNewHistory).length;
    return { body: { documents, total: documents.length, newCount } };
  });
  // The dashboard's running campaigns (connect): none unless a test serves some.
  server.on(api.results.dashboard, (request) =>
    authorized(request) ? { body: { campaigns: [], total: 0 } } : unauthorized,
  );
  server.on(api.history.seen, (request) => {
    if (!authorized(request)) return unauthorized;
    const { ids } = request.body as { ids: string[] };
    state.history = state.history.map((entry) =>
      ids.includes(entry._id) ? { ...entry, isNewHistory: false } : entry,
    );
    return { status: 204 };
  });

  /** A session as a previous visit would have left it in localStorage (a reload keeps it). */
  const signInStored = () => {
    const tokens = issueTokens();
    writeStorage(storageKeys.session, {
      idToken: tokens.idToken,
      refreshToken: tokens.refreshToken,
      expiresAt: Date.now() + 3600_000,
    });
    return tokens;
  };

  return { server, state, issueTokens, signInStored };
};

export type TestBackend = ReturnType<typeof createTestBackend>;
