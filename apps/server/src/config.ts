import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** An unset or empty variable counts as absent. */
const blankToUndefined = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
const optionalUrl = z
  .string()
  .optional()
  .transform(blankToUndefined)
  .pipe(z.url({ message: 'must be a URL' }).optional());
const optionalText = z.string().optional().transform(blankToUndefined);
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every setting the server reads, validated once at boot.
 * Names are the environment variables; docs/configuration.md describes each.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Behind a load balancer: which proxies' X-Forwarded-For to believe for the client address (rate
   * limits). A hop count or a list of proxy addresses/CIDRs; never "all" (docs/product-decisions.md).
   */
  TRUST_PROXY: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Swagger UI and the OpenAPI document at /api/docs; default: on except when NODE_ENV=production. */
  API_DOCS: bool.optional(),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Parley <no-reply@parley.localhost>'),
  /** The pace of invitation and reminder mails, so a large invitation does not flood the mail server. */
  INVITATION_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /**
   * A manufacturer's owners get at most this many mails an hour about what strangers cause (posts,
   * contact requests, messages); the rest of the hour comes as one digest (0: digests only).
   */
  OWNER_NOTIFICATION_MAILS_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(10),
  /** Tickets a mass follow-up handles per transaction (its comments, mails and progress commit together). */
  MASS_FOLLOW_UP_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json for log shippers, pretty for people; auto = pretty only when writing to a terminal. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** External identity provider (D5): when set, tokens are verified against it instead of the embedded service. */
  IDENTITY_JWKS_URL: optionalUrl,
  IDENTITY_ISSUER: optionalText,
  IDENTITY_AUDIENCE: z.string().default('parley'),
  /** Id token lifetime in seconds; D5 caps it at one hour. */
  IDENTITY_TOKEN_TTL: z.coerce.number().int().min(60).max(3600).default(3600),
  IDENTITY_REFRESH_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** When true, the X-Firebase-AppCheck header must carry APP_CHECK_TOKEN. */
  APP_CHECK_TOKEN: optionalText,
  SUPPORT_URL: optionalUrl,
  SUPPORT_EMAIL: optionalText.pipe(z.email({ message: 'must be an email address' }).optional()),
  PRIVACY_URL: optionalUrl,
  ANALYTICS_PROVIDER: z.enum(['none', 'plausible']).default('none'),
  ANALYTICS_DOMAIN: optionalText,
  ANALYTICS_SCRIPT_URL: optionalUrl,
  SENTRY_DSN: optionalUrl,
  TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  ENVIRONMENT: z.string().default('PROD'),
  /** Serve the built console from this folder (default: apps/web/dist). */
  WEB_DIST: optionalText,
  /** Create the demo manufacturer and owner on first start with an empty embedded database. */
  DEMO_SEED: bool.default(true),
  JOBS: bool.default(true),
  /**
   * Seconds between SIGTERM (readiness turns 503 at once) and closing the listener, so a load balancer
   * polling readiness takes the instance out while it still serves.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  /**
   * S3-compatible object store for uploaded files (D2); without S3_BUCKET files go to DATA_DIR/files.
   * Without the key pair the AWS SDK's default credential chain applies (an instance role, …).
   */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalText,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Where the bucket is publicly readable (a CDN, …); otherwise the server serves files at /files/. */
  S3_PUBLIC_URL: optionalUrl,
  /**
   * D22: who translates for `POST translation/translate`. Texts are sent to this provider, so the
   * operator chooses one they may send customer texts to; `none` answers `translation/not-configured`.
   */
  TRANSLATION_PROVIDER: z
    .string()
    .optional()
    .transform((v) => blankToUndefined(v)?.toLowerCase())
    .pipe(
      z
        .enum(['none', 'deepl', 'libretranslate'], { message: 'must be none, deepl or libretranslate' })
        .default('none'),
    ),
  /** The provider's base URL (DeepL: https://api-free.deepl.com unless set; LibreTranslate: required). */
  TRANSLATION_URL: optionalUrl.refine((u) => u === undefined || /^https?:\/\//i.test(u), {
    message: 'must be an http:// or https:// URL',
  }),
  /** DeepL's authentication key (required for DeepL), or a LibreTranslate server's API key (optional). */
  TRANSLATION_API_KEY: optionalText,
  /** How long one translation call may take, in milliseconds, before it answers `translation/timeout`. */
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * A manufacturer's translation budget in characters, per clock hour and per day (UTC): a call that does
   * not fit is refused with 429 `translation/budget` before the provider is asked.
   */
  TRANSLATION_BUDGET_CHARS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000_000).default(200_000),
  TRANSLATION_BUDGET_CHARS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000_000).default(1_000_000),
});

/** Proxy-addr's names for address ranges (Fastify's `trustProxy` accepts them in a list). */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string) => {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * Whom to believe about the client address: nobody (`false`), the nearest `hops` proxies, or the
 * proxies at these addresses. Fastify then takes the right-most address no trusted proxy wrote.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const trustProxyHelp =
  'give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); ' +
  '"true" would believe whatever address a client writes into X-Forwarded-For';

/** TRUST_PROXY as text into a TrustProxy, or an error message for the boot error. */
const parseTrustProxy = (raw: string | undefined): TrustProxy | string => {
  const v = raw?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes') return `"${raw?.trim()}" is no longer accepted: ${trustProxyHelp}`;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? { hops } : 'a hop count must be between 0 and 10';
  }
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length) return `not an address or CIDR: ${bad.map((b) => `"${b}"`).join(', ')}; ${trustProxyHelp}`;
  return { addresses: entries };
};

/** Whether HOST keeps the server to this machine: a loopback address or `localhost`. */
const isLoopbackHost = (host: string) => {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
};

/**
 * A hop count believes whoever connects about the client address. Listening beyond this machine, a
 * client that reaches the instance directly (not through the proxy) writes its own X-Forwarded-For
 * and escapes every per-client limit; so a hop count is refused unless HOST is loopback, and the
 * proxies' address list is the form to give (docs/product-decisions.md, "API-wide").
 */
const checkTrustProxy = (env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) => {
  const parsed = parseTrustProxy(env.TRUST_PROXY);
  if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: parsed });
  else if (parsed && 'hops' in parsed && !isLoopbackHost(env.HOST)) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        `a hop count (${parsed.hops}) is refused while HOST=${env.HOST} lets clients reach the server without the proxy: ` +
        "such a client writes its own X-Forwarded-For and escapes every per-client limit; give the proxies' " +
        'addresses/CIDRs instead (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1), or listen on HOST=127.0.0.1 behind a local proxy',
    });
  }
};

const s3Keys = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
] as const;

/** A partial S3 configuration is a mistake, not a reason to fall back to the disk silently. */
const checkS3 = (env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) => {
  if (!s3Keys.some((k) => env[k] !== undefined)) return;
  for (const k of ['S3_BUCKET', 'S3_REGION'] as const) {
    if (env[k] === undefined)
      ctx.addIssue({ code: 'custom', path: [k], message: 'is required with S3_* settings' });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
  }
};

/** D22: a provider without what it needs stops the start, like a partial S3 configuration. */
const checkTranslation = (env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) => {
  const provider = env.TRANSLATION_PROVIDER;
  if (provider === 'none') {
    for (const k of ['TRANSLATION_URL', 'TRANSLATION_API_KEY'] as const) {
      if (env[k] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [k],
          message:
            'is set but TRANSLATION_PROVIDER is none: set TRANSLATION_PROVIDER to deepl or libretranslate',
        });
    }
    return;
  }
  if (provider === 'deepl' && env.TRANSLATION_API_KEY === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['TRANSLATION_API_KEY'],
      message: "is required with TRANSLATION_PROVIDER=deepl (the account's DeepL authentication key)",
    });
  if (provider === 'libretranslate' && env.TRANSLATION_URL === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['TRANSLATION_URL'],
      message: "is required with TRANSLATION_PROVIDER=libretranslate (the server's base URL)",
    });
};

/** The translation provider (D22), with everything it needs; `none` answers not-configured. */
export type TranslationConfig =
  | { provider: 'none' }
  | { provider: 'deepl'; url: string; apiKey: string; timeoutMs: number }
  | { provider: 'libretranslate'; url: string; apiKey: string | undefined; timeoutMs: number };

/** A manufacturer's translation budget in characters (docs/product-decisions.md, "Translation"). */
export type TranslationBudgetConfig = { charsPerHour: number; charsPerDay: number };

const deeplDefaultUrl = 'https://api-free.deepl.com';

const toTranslationConfig = (env: z.infer<typeof envSchema>): TranslationConfig => {
  const base = (url: string) => url.replace(/\/+$/, '');
  const timeoutMs = env.TRANSLATION_TIMEOUT_MS;
  if (env.TRANSLATION_PROVIDER === 'deepl' && env.TRANSLATION_API_KEY)
    return {
      provider: 'deepl',
      url: base(env.TRANSLATION_URL ?? deeplDefaultUrl),
      apiKey: env.TRANSLATION_API_KEY,
      timeoutMs,
    };
  if (env.TRANSLATION_PROVIDER === 'libretranslate' && env.TRANSLATION_URL)
    return {
      provider: 'libretranslate',
      url: base(env.TRANSLATION_URL),
      apiKey: env.TRANSLATION_API_KEY,
      timeoutMs,
    };
  return { provider: 'none' };
};

export type Config = ReturnType<typeof toConfig>;

export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      publicUrl: string | undefined;
    };

const toStorageConfig = (env: z.infer<typeof envSchema>, dataDir: string): StorageConfig =>
  env.S3_BUCKET && env.S3_REGION
    ? {
        kind: 's3',
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET,
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
      }
    : { kind: 'disk', dir: path.join(dataDir, 'files') };

const toConfig = (env: z.infer<typeof envSchema>) => {
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    trustProxy: parseTrustProxy(env.TRUST_PROXY) as TrustProxy,
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    dataDir,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(dataDir, 'mail'),
      invitationsPerMinute: env.INVITATION_MAILS_PER_MINUTE,
      ownerNotificationsPerHour: env.OWNER_NOTIFICATION_MAILS_PER_HOUR,
    },
    massFollowUpBatchSize: env.MASS_FOLLOW_UP_BATCH_SIZE,
    identity: {
      jwksUrl: env.IDENTITY_JWKS_URL,
      issuer: env.IDENTITY_ISSUER ?? `${publicUrl}/identity`,
      audience: env.IDENTITY_AUDIENCE,
      tokenTtlSeconds: env.IDENTITY_TOKEN_TTL,
      refreshTtlDays: env.IDENTITY_REFRESH_TTL_DAYS,
      embedded: env.IDENTITY_JWKS_URL === undefined,
    },
    appCheckToken: env.APP_CHECK_TOKEN,
    support: { url: env.SUPPORT_URL ?? null, email: env.SUPPORT_EMAIL ?? null },
    privacyUrl: env.PRIVACY_URL ?? null,
    analytics: {
      provider: env.ANALYTICS_PROVIDER,
      domain: env.ANALYTICS_DOMAIN ?? null,
      scriptUrl: env.ANALYTICS_SCRIPT_URL ?? null,
    },
    tracing: { sentryDsn: env.SENTRY_DSN ?? null, sampleRate: env.TRACES_SAMPLE_RATE },
    environment: env.ENVIRONMENT,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    demoSeed: env.DEMO_SEED,
    jobs: env.JOBS,
    shutdownDelaySeconds: env.SHUTDOWN_DELAY_SECONDS,
    storage: toStorageConfig(env, dataDir),
    translation: toTranslationConfig(env),
    translationBudget: {
      charsPerHour: env.TRANSLATION_BUDGET_CHARS_PER_HOUR,
      charsPerDay: env.TRANSLATION_BUDGET_CHARS_PER_DAY,
    } satisfies TranslationBudgetConfig,
  };
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema
    .superRefine(checkS3)
    .superRefine(checkTrustProxy)
    .superRefine(checkTranslation)
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
};
