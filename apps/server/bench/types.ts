import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../src/runtime.js';

/** What every scenario gets: one runtime, the full app listening on loopback, a signed-in owner. */
export type BenchContext = {
  rt: Runtime;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> of `app`. */
  baseUrl: string;
  owner: { email: string; ownerId: string; manufacturerId: string; idToken: string };
  load: { warmup: number; requests: number; concurrencies: number[] };
  repoRoot: string;
  /** Progress for the person waiting, on stderr (stdout is the report). */
  progress: (message: string) => void;
};

/** One measured figure next to its target (docs/operations.md, "Targets"), for the closing table. */
export type Figure = {
  label: string;
  /** The figure as printed, e.g. `0.82x` or `257.2 KiB`. */
  measured: string;
  /** The target as printed, e.g. `>= 0.80x`. */
  target: string;
  met: boolean;
};

export type ScenarioResult = {
  /** The scenario's section of the report: a title line and a table or a few lines. */
  report: string;
  /** One line for the closing summary. */
  summary: string;
  /** The figures that have a target; the benchmark ends with a table of them all. */
  figures?: Figure[];
};

/** A benchmark scenario: bench/scenarios/<name>.ts, listed in bench/run.ts. */
export type Scenario = {
  name: string;
  run: (ctx: BenchContext) => Promise<ScenarioResult>;
};
