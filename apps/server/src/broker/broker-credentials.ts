import { createHmac, pbkdf2Sync, timingSafeEqual } from 'node:crypto';

/** Settings key of the secret broker passwords are derived from (generated at first start, kept in the database). */
export const BROKER_SECRET_KEY = 'broker_secret';
/** The server's own broker account on the embedded broker (on an external one: the user in MQTT_URL). */
export const SERVER_BROKER_USER = 'meshdeck-server';

/** Mosquitto's own default for `$7$` hashes; the passwords are 256-bit random, so more rounds would buy nothing. */
const MOSQUITTO_ITERATIONS = 101;
const MOSQUITTO_SALT_BYTES = 12;

/**
 * Per-host broker credentials (api-contract §6.1, one broker user per host): the username is the host id, the
 * password an HMAC of it under the server's broker secret. The server can recompute every password at any time
 * (so the Mosquitto password file can be regenerated from the database), never stores one, and the broker never
 * sees the host's API password.
 */
export class BrokerCredentials {
  constructor(private readonly secret: string) {}

  /** The broker password of a host. */
  passwordOf(hostId: string): string {
    return createHmac('sha256', this.secret).update(`mqtt-password:${hostId}`).digest('base64url');
  }

  /** True when `password` is the broker password of `hostId` (constant time). */
  verify(hostId: string, password: string): boolean {
    const expected = Buffer.from(this.passwordOf(hostId));
    const given = Buffer.from(password);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * A Mosquitto password-file line (`user:$7$iterations$salt$hash`, PBKDF2-SHA512, what `mosquitto_passwd` writes).
   * The salt is derived too, so regenerating the file for unchanged hosts gives the same bytes.
   */
  mosquittoLine(username: string, password: string): string {
    const salt = createHmac('sha256', this.secret)
      .update(`mqtt-salt:${username}`)
      .digest()
      .subarray(0, MOSQUITTO_SALT_BYTES);
    const hash = pbkdf2Sync(password, salt, MOSQUITTO_ITERATIONS, 64, 'sha512');
    return `${username}:$7$${MOSQUITTO_ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
  }
}
