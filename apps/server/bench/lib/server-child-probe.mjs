// Preloaded into the benchmark's server child (bench/lib/server-child.ts): on SIGUSR2 the child runs a full
// garbage collection and writes its process.memoryUsage() with the signal's sequence number to
// PARLEY_BENCH_PROBE_FILE, so the benchmark can read what the server's heap holds, as it does in its own
// process (lib/memory.ts). Nothing else of the server changes.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.PARLEY_BENCH_PROBE_FILE;
if (file) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  let seq = 0;
  process.on('SIGUSR2', () => {
    seq += 1;
    gc();
    writeFileSync(file, JSON.stringify({ seq, usage: process.memoryUsage() }));
  });
}
