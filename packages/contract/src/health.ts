import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * The probes of a load balancer or an orchestrator (docs/operations.md, "Several instances behind a
 * load balancer"). Both are public, answer `cache-control: no-store` and name no host or version.
 */

/** One check of readiness: passed, failed (or could not be checked), not applied yet, or not run here. */
export const healthCheckStateSchema = z.enum(['ok', 'failed', 'off', 'pending']);
export type HealthCheckState = z.infer<typeof healthCheckStateSchema>;

/** 200: the process is up. Touches nothing. */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * 200: this instance may take traffic: the database answered, every migration of this build is
 * applied, the job queue runs (`off`: the instance runs with JOBS=false and only enqueues).
 */
export const readySchema = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    migrations: z.literal('ok'),
    jobs: z.enum(['ok', 'off']),
  }),
});
/**
 * 503: take this instance out: a check failed (`not-ready`), or it is shutting down (`draining`,
 * whatever the checks say). `migrations: 'pending'`: this build's newest migration is not applied yet.
 */
export const notReadySchema = z.object({
  status: z.enum(['not-ready', 'draining']),
  checks: z.object({
    database: healthCheckStateSchema,
    migrations: healthCheckStateSchema,
    jobs: healthCheckStateSchema,
  }),
});
export type Ready = z.infer<typeof readySchema>;
export type NotReady = z.infer<typeof notReadySchema>;
export type Readiness = Ready | NotReady;

export const healthRoutes = {
  live: defineRoute({
    method: 'GET',
    path: '/health/live',
    access: 'public',
    summary: 'Liveness: the process is up (touches nothing)',
    tags: ['operations'],
    status: 200,
    response: livenessSchema,
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    summary: 'Readiness: database, migrations of this build and job queue; 503 when not ready or draining',
    tags: ['operations'],
    status: 200,
    response: readySchema,
    otherResponses: { 503: notReadySchema },
  }),
} as const;
