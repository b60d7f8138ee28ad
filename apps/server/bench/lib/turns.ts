import { type LoadResult, type Sample, sample, summarize } from './load.js';

/** One side of a comparison: a URL of the app under test and the headers each request carries. */
export type Side = { url: string; headers?: Record<string, string> };

/**
 * Every side of `sides` at one concurrency, over real HTTP (`sample`), in `rounds` rounds in which the
 * sides take turns (A B, B A, …), so a machine that gets busier or quieter during the run weighs on all
 * alike and their ratio stays fair (as owner-me-small does). The first round warms up with `warmup`
 * requests per side, later ones only open their connections again. Answers each side's summary.
 */
export const takeTurns = async <K extends string>(o: {
  name: string;
  sides: Record<K, Side>;
  concurrency: number;
  /** Requests measured per side over all rounds (rounded up to a whole number per round). */
  requests: number;
  warmup: number;
  rounds: number;
  progress: (message: string) => void;
}): Promise<Record<K, LoadResult>> => {
  const keys = Object.keys(o.sides) as K[];
  const samples = Object.fromEntries(keys.map((k) => [k, [] as Sample[]])) as Record<K, Sample[]>;
  const perRound = Math.ceil(o.requests / o.rounds);
  for (let round = 0; round < o.rounds; round++) {
    const order = round % 2 === 0 ? keys : [...keys].reverse();
    for (const key of order) {
      o.progress(`${o.name}: concurrency ${o.concurrency}, round ${round + 1}/${o.rounds}, ${key}`);
      samples[key].push(
        await sample({
          url: o.sides[key].url,
          headers: o.sides[key].headers ?? {},
          concurrency: o.concurrency,
          requests: perRound,
          warmup: round === 0 ? o.warmup : o.concurrency * 5,
        }),
      );
    }
  }
  return Object.fromEntries(keys.map((k) => [k, summarize(samples[k])])) as Record<K, LoadResult>;
};
