// Issues a Meshdeck licence token (decision 041) with the vendor's Ed25519 private key, for LICENSE_KEY or
// LICENSE_FILE. The key never enters the repository; the server verifies with the matching public key it ships.
// Usage: node scripts/issue-license.mjs --key <private.pem> --customer <name> [--days 365] [--hosts N]
//        [--users N] [--networks N] [--id <licence id>]   (omitted limits are unlimited)
// A new key pair: openssl genpkey -algorithm ed25519 -out private.pem && openssl pkey -in private.pem -pubout
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    key: { type: 'string' },
    customer: { type: 'string' },
    days: { type: 'string', default: '365' },
    hosts: { type: 'string' },
    users: { type: 'string' },
    networks: { type: 'string' },
    id: { type: 'string' },
  },
});
const fail = (message) => {
  console.error(`issue-license: ${message}`);
  process.exit(2);
};
if (!values.key || !values.customer) fail('--key <private.pem> and --customer <name> are required');
const count = (name) => {
  const value = values[name];
  if (value === undefined) return null;
  if (!/^\d+$/.test(value)) fail(`--${name} must be a whole number`);
  return Number(value);
};
const days = count('days');
if (!days) fail('--days must be at least 1');
const privateKey = crypto.createPrivateKey(fs.readFileSync(values.key));
if (privateKey.asymmetricKeyType !== 'ed25519') fail('the key must be an Ed25519 private key');
const now = Date.now();
const payload = {
  id: values.id ?? `lic-${crypto.randomUUID()}`,
  customer: values.customer,
  issued_at: new Date(now).toISOString(),
  expires_at: new Date(now + days * 24 * 60 * 60 * 1000).toISOString(),
  limits: { hosts: count('hosts'), users: count('users'), networks: count('networks') },
};
const body = `meshdeck-license-v1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
console.log(`${body}.${crypto.sign(null, Buffer.from(body), privateKey).toString('base64url')}`);
