import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const signedMib = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mib(bytes)}`;

/** A full garbage collection, without starting node with --expose-gc. */
export const fullGc = () => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
};

export type MemoryWatch = {
  before: NodeJS.MemoryUsage;
  /** The sample with the highest RSS, and the one with the highest heap. */
  peak: NodeJS.MemoryUsage;
  heapPeak: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
  /** After a full collection at the end: what the work kept. */
  kept: NodeJS.MemoryUsage;
  /** The heap right after each of V8's own major collections: the live heap while the work ran. */
  afterMajor: number[];
};

/**
 * Watches this process's memory from now (after a full collection) until `stop`: RSS and heap sampled
 * every `sampleMs`, the heap V8's own major collections leave, and at `stop` the memory as it is and
 * after a full collection. `dispose` ends the watch without a result (a failed run).
 */
export const watchMemory = (sampleMs: number) => {
  const gc = fullGc();
  gc();
  const before = process.memoryUsage();
  let peak = before;
  let heapPeak = before;
  const afterMajor: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        afterMajor.push(process.memoryUsage().heapUsed);
  });
  observer.observe({ entryTypes: ['gc'] });
  const take = (m: NodeJS.MemoryUsage) => {
    if (m.rss > peak.rss) peak = m;
    if (m.heapUsed > heapPeak.heapUsed) heapPeak = m;
  };
  const sampler = setInterval(() => take(process.memoryUsage()), sampleMs);
  const dispose = () => {
    clearInterval(sampler);
    observer.disconnect();
  };
  return {
    dispose,
    stop: (): MemoryWatch => {
      dispose();
      const after = process.memoryUsage();
      take(after);
      gc();
      return { before, peak, heapPeak, after, kept: process.memoryUsage(), afterMajor };
    },
  };
};
