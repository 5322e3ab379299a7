import { randomBytes } from 'node:crypto';

// WireGuard key pairs come from the contracts package, which the server uses too (decision 027).
export { generateWireGuardKeys, type KeyPair } from '@meshdeck/contracts/wireguard-keys';

/** The secret the agent signs in with (API and broker); random, never derived from anything. */
export const generateHostPassword = (): string => randomBytes(24).toString('base64url');
