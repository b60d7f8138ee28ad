import { hash, verify } from '@node-rs/argon2';

/**
 * Owners' password hashes, shared by the identity module (sign-in, reset, change) and the owner module
 * (an owner made by the operator). Argon2id (memory-hard) with OWASP's second recommended profile: 19 MiB, 2 passes, 1 lane.
 * Parameters live in the hash string, so raising them later keeps old hashes verifiable.
 */
const params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, params);

export const verifyPassword = async (passwordHash: string | null, password: string) => {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** A hash to verify against when the address is unknown, so both cases take the same time. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword('parley-timing-equaliser');
  return dummy;
};
