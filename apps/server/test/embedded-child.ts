import pino from 'pino';
import { startEmbeddedDatabase } from '../src/db/embedded.js';

/**
 * A process that starts (or attaches to) the embedded PostgreSQL of DATA_DIR `argv[2]`,
 * prints `{"url","owned"}` on one line and then stays up until it is killed: the tests
 * of restarts kill it with SIGKILL, as a crash or a container restart would.
 */
const db = await startEmbeddedDatabase(process.argv[2] ?? '', pino({ level: 'warn' }, process.stderr));
process.stdout.write(`${JSON.stringify({ url: db.url, owned: db.owned })}\n`);
setInterval(() => {}, 60_000);
