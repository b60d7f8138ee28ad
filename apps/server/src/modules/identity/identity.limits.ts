/** D5's limits (docs/product-decisions.md, "Sign-in lock-out"). */
export const identityLimits = {
  /** Failures for one address from one client before that client is locked out of it. */
  failuresPerEmailAndClient: 5,
  /**
   * Failures for one address across all clients before every client but the owner's known ones is
   * locked out of it: stops guessing spread over many addresses, which the per-client lock cannot see.
   */
  failuresPerEmail: 25,
  /** A client that signed in to the address within this many days is known: the ceiling spares it. */
  knownClientDays: 30,
  attemptsPerIp: 100,
  windowMinutes: 15,
  resetTokenMinutes: 60,
  /** Reset mails per owner per hour; more are silently dropped so nobody can mail-bomb an owner. */
  resetMailsPerHour: 5,
  /** Failed attempts are pruned after this many hours by the hourly job (identity.jobs.ts). */
  attemptRetentionHours: 24,
} as const;
