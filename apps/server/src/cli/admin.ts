import { type ParseArgsConfig, parseArgs } from 'node:util';
import { emailSchema, idSchema, languageSchema, limits, passwordSchema } from '@parley/contract';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import { AppError } from '../lib/errors.js';
import { createLogger } from '../lib/logger.js';
import type { OwnerRow } from '../modules/owner/index.js';
import type { Runtime } from '../runtime.js';

/**
 * The operator's command line of D7: creates manufacturers and owners, sets the
 * manufacturer's flags and limits (D8), disables owners, adds info items.
 *
 * Every command prints exactly one JSON object on stdout, so scripts can pipe it
 * (`| jq -r .ownerId`); logs go to stderr. It starts the same runtime as the server,
 * so it works on an empty DATA_DIR (creating and migrating the embedded database) and
 * beside a running server on the same DATA_DIR (attaching to its database), but it
 * never works jobs off: those belong to the server.
 */

const usage = `Parley admin command line

Usage: npm run -s admin -- <command> [flags]
  (-s keeps npm's own banner off stdout, so stdout is exactly one JSON object;
   \`npx tsx apps/server/src/cli/admin.ts <command> [flags]\` works the same)

Commands:
  owner:create --email E --password P (--manufacturer NAME | --manufacturer-id ID) [--name N] [--connect]
      Adds an owner, to a new manufacturer NAME or to the existing manufacturer ID.
      Prints {"ownerId","manufacturerId"}.
  manufacturer:set --manufacturer-id ID --set KEY=VALUE [--set KEY=VALUE …]
      Sets a manufacturer's name, image and flags (D8). Keys:
        name, imageUrl (a URL; empty or null removes it),
        answerLimitation (a whole number; empty or null: no limit), delayDays (a whole number),
        autoPublished, canUnpublish, canPrivateNote, canExport, canComment, isPartner,
        canSaveAnswerWithoutNotification (true or false),
        timeZone (an IANA time zone such as Europe/Berlin: the days statistics count in).
      Prints the manufacturer.
  owner:disable --email E          Disables an owner and ends its sessions.
  owner:enable --email E           Enables a disabled owner again.
  owner:connect --email E --enabled true|false
                                   Turns Parley Connect on or off for an owner.
  info:add --title T --text X [--link URL] [--language de|en] [--platform Web] [--category WebInfo]
      Adds an information item for the console (without --language: for every language).
      Prints the item.
  posts:reported [--limit N]
      Lists the posts owners reported as abusive (D19), across manufacturers, latest first
      (at most N, default 100). Prints {"documents": [...]}.
  help                             This text.

Configuration comes from the environment as for the server (DATA_DIR, DATABASE_URL,
LOG_LEVEL, …; see docs/configuration.md). Errors print {"code","message"} on stderr;
the exit code is 2 for a wrong command or flag, 1 for anything else that failed.
`;

/**
 * The database side is imported only once the flags are valid, so `help` and a typo answer
 * in a fraction of the time a full start takes.
 */
const lazy = {
  runtime: () => import('../runtime.js'),
};

/** A wrong command line: exit code 2 and the usage hint. */
class UsageError extends Error {}

type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;
type Options = NonNullable<ParseArgsConfig['options']>;
/** A command validates its flags first (`prepare`), so a typo answers before the database starts. */
type Command = { options: Options; prepare: (flags: Flags) => (rt: Runtime) => Promise<object> };

const command = <T>(c: {
  options: Options;
  parse: (flags: Flags) => T;
  run: (rt: Runtime, input: T) => Promise<object>;
}): Command => ({
  options: c.options,
  prepare: (flags) => {
    const input = c.parse(flags);
    return (rt) => c.run(rt, input);
  },
});

/** Validates flags with zod; the message names every flag that is wrong. */
const parseFlags = <T extends z.ZodType>(schema: T, flags: Flags, prefix = '--'): z.infer<T> => {
  const parsed = schema.safeParse(flags);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) =>
    i.path.length ? `${prefix}${i.path.join('.')}: ${i.message}` : i.message,
  );
  throw new UsageError(problems.join('; '));
};

const trueFalse = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true');
const required = (what: string) => ({
  error: (i: { input: unknown }) => (i.input === undefined ? `is required` : what),
});
/** `null` or nothing clears a nullable setting. */
const nullish = z.enum(['', 'null']).transform(() => null);
const wholeNumber = z
  .string()
  .regex(/^\d+$/, 'must be a whole number (0 or more)')
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647, 'is too large'));

/** Whether Node knows the IANA time zone (it throws a RangeError for an unknown one). */
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

/** Every setting `manufacturer:set` accepts (D8), from the text after `=`. */
const manufacturerSettings = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(limits.nameMax),
    imageUrl: z.union([nullish, z.url({ message: 'must be a URL, or empty to remove it' })], {
      message: 'must be a URL, or empty to remove it',
    }),
    answerLimitation: z.union([nullish, wholeNumber], {
      message: 'must be a whole number, or empty/null for no limit',
    }),
    delayDays: wholeNumber.pipe(z.number().max(365, 'must be at most 365')),
    autoPublished: trueFalse,
    canUnpublish: trueFalse,
    canPrivateNote: trueFalse,
    canExport: trueFalse,
    canComment: trueFalse,
    isPartner: trueFalse,
    canSaveAnswerWithoutNotification: trueFalse,
    timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin'),
  })
  .partial();
const settingKeys = Object.keys(manufacturerSettings.shape);

/** `--set key=value` pairs to an object; unknown keys are named, since a typo would otherwise set nothing. */
const parseSettings = (pairs: string[]) => {
  const raw: Record<string, string> = {};
  const unknown: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--set ${pair}: expected KEY=VALUE`);
    const key = pair.slice(0, eq).trim();
    if (!settingKeys.includes(key)) unknown.push(key);
    raw[key] = pair.slice(eq + 1);
  }
  if (unknown.length) {
    throw new UsageError(
      `unknown setting${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${settingKeys.join(', ')})`,
    );
  }
  return parseFlags(manufacturerSettings.strict(), raw, '');
};

/** What the owner commands print: never the password hash. */
const ownerJson = (o: OwnerRow) => ({
  ownerId: o.id,
  manufacturerId: o.manufacturerId,
  email: o.email,
  name: o.name,
  disabled: o.disabled,
  isParleyConnectEnabled: o.isConnectEnabled,
});

const emailFlag = z.object({ email: emailSchema });

const commands: Record<string, Command> = {
  'owner:create': command({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      manufacturer: { type: 'string' },
      'manufacturer-id': { type: 'string' },
      name: { type: 'string' },
      connect: { type: 'boolean' },
    },
    parse: (flags) =>
      parseFlags(
        z
          .object({
            email: z.string(required('must be a valid email address')).pipe(emailSchema),
            password: z.string(required('must be a text')).pipe(passwordSchema),
            manufacturer: z.string().trim().min(1, 'must not be empty').max(limits.nameMax).optional(),
            'manufacturer-id': idSchema.optional(),
            name: z.string().trim().min(1, 'must not be empty').max(limits.nameMax).optional(),
            connect: z.boolean().optional(),
          })
          .refine((f) => (f.manufacturer === undefined) !== (f['manufacturer-id'] === undefined), {
            message: 'give exactly one of --manufacturer NAME (a new manufacturer) or --manufacturer-id ID',
          }),
        flags,
      ),
    run: (rt, input) =>
      rt.services.owner.createOwner({
        email: input.email,
        password: input.password,
        name: input.name,
        connect: input.connect ?? false,
        manufacturerName: input.manufacturer,
        manufacturerId: input['manufacturer-id'],
      }),
  }),

  'manufacturer:set': command({
    options: { 'manufacturer-id': { type: 'string' }, set: { type: 'string', multiple: true } },
    parse: (flags) => {
      const { 'manufacturer-id': id, set } = parseFlags(
        z.object({
          'manufacturer-id': z.string(required('must be a UUID')).pipe(idSchema),
          set: z.array(z.string()).min(1, 'give at least one --set KEY=VALUE'),
        }),
        { ...flags, set: flags.set ?? [] },
      );
      return { id, patch: parseSettings(set) };
    },
    run: (rt, { id, patch }) => rt.services.owner.setManufacturer(id, patch),
  }),

  'owner:disable': command({
    options: { email: { type: 'string' } },
    parse: (flags) => parseFlags(emailFlag, flags),
    run: async (rt, { email }) => ownerJson(found(email, await rt.services.owner.setDisabled(email, true))),
  }),

  'owner:enable': command({
    options: { email: { type: 'string' } },
    parse: (flags) => parseFlags(emailFlag, flags),
    run: async (rt, { email }) => ownerJson(found(email, await rt.services.owner.setDisabled(email, false))),
  }),

  'owner:connect': command({
    options: { email: { type: 'string' }, enabled: { type: 'string' } },
    parse: (flags) =>
      parseFlags(
        emailFlag.extend({ enabled: z.string(required('must be true or false')).pipe(trueFalse) }),
        flags,
      ),
    run: async (rt, { email, enabled }) =>
      ownerJson(found(email, await rt.services.owner.setConnect(email, enabled))),
  }),

  'info:add': command({
    options: {
      title: { type: 'string' },
      text: { type: 'string' },
      link: { type: 'string' },
      language: { type: 'string' },
      platform: { type: 'string', default: 'Web' },
      category: { type: 'string', default: 'WebInfo' },
    },
    parse: (flags) =>
      parseFlags(
        z.object({
          title: z.string(required('must be a text')).trim().min(1, 'must not be empty').max(200),
          text: z.string(required('must be a text')).trim().min(1, 'must not be empty').max(limits.textMax),
          link: z.url({ message: 'must be a URL' }).optional(),
          language: languageSchema.optional(),
          platform: z.string().trim().min(1, 'must not be empty').max(50),
          category: z.string().trim().min(1, 'must not be empty').max(50),
        }),
        flags,
      ),
    run: async (rt, item) => {
      return rt.services.info.add({ ...item, link: item.link ?? null, language: item.language ?? null });
    },
  }),

  'posts:reported': command({
    options: { limit: { type: 'string', default: '100' } },
    parse: (flags) => parseFlags(z.object({ limit: z.coerce.number().int().min(1).max(1000) }), flags),
    run: async (rt, { limit }) => ({ documents: await rt.services.posts.reported(limit) }),
  }),
};

/** The owner row a service answered, or not-found (the row vanished between lookup and update). */
const found = (email: string, row: OwnerRow | undefined): OwnerRow => {
  if (!row) throw new AppError('not-found', `No owner with the email ${email}.`);
  return row;
};
/** Writes and waits until it is flushed: stdout to a pipe is asynchronous and process.exit would cut it. */
const write = (stream: NodeJS.WriteStream, text: string) =>
  new Promise<void>((resolve) => stream.write(text, () => resolve()));

const fail = async (code: string, message: string, exitCode: number, hint = false) => {
  await write(process.stderr, `${JSON.stringify({ code, message })}\n`);
  if (hint) await write(process.stderr, 'Run `npm run -s admin -- help` for the commands and their flags.\n');
  process.exit(exitCode);
};

const main = async (argv: string[]) => {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    await write(process.stderr, usage);
    process.exit(2);
  }
  const cmd = commands[name];
  if (!cmd) return fail('usage', `unknown command "${name}"`, 2, true);

  let flags: Flags;
  try {
    flags = parseArgs({ args: rest, options: cmd.options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    // parseArgs names the flag ("Unknown option '--emial'", "Option '--email <value>' argument missing").
    return fail('usage', (err as Error).message, 2, true);
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return fail('config', err.message, 1);
    throw err;
  }
  const log: Logger = createLogger(config.logLevel, 'stderr', config.logFormat);

  // Validate before starting the database, so a typo answers at once.
  let run: (rt: Runtime) => Promise<object>;
  try {
    run = cmd.prepare(flags);
  } catch (err) {
    if (err instanceof UsageError) return fail('validation', err.message, 2, true);
    throw err;
  }

  let rt: Runtime | undefined;
  const close = async () => {
    const r = rt;
    rt = undefined;
    await r?.close().catch((err) => log.error({ err }, 'closing the runtime failed'));
  };
  // Ctrl-C while the command runs: leave the database as the server would (stop it if we started it).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().then(() => process.exit(130)));
  }

  try {
    const { startRuntime } = await lazy.runtime();
    rt = await startRuntime(config, log, { work: false });
    const result = await run(rt);
    await close();
    await write(process.stdout, `${JSON.stringify(result)}\n`);
    process.exit(0);
  } catch (err) {
    await close();
    if (err instanceof AppError) return fail(err.code, err.message, 1);
    log.error({ err }, `${name} failed`);
    return fail('internal', (err as Error).message || String(err), 1);
  }
};

void main(process.argv.slice(2));
