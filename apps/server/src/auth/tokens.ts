import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Issuer claim the contract puts on every token (api-contract §7.1). */
export const TOKEN_ISSUER = 'Netmaker';
const HOST_TOKEN_MINUTES = 15;

export interface UserTokenClaims {
  UserName: string;
  Role: string;
  TokenType: 'user_id_token';
}

export interface HostTokenClaims {
  ID: string;
  MacAddress: string;
  Network: string;
}

/** A verified token; `expiresAt` is its exp claim in epoch milliseconds. */
export type VerifiedToken =
  | { kind: 'user'; username: string; role: string; expiresAt: number }
  | { kind: 'host'; hostId: string; expiresAt: number };

/** Signs and verifies the server's HS256 tokens with the secret kept in the database. */
export class TokenService {
  readonly #key: Uint8Array;

  constructor(
    secret: string,
    private readonly userTokenMinutes: number,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** A dashboard session token with the contract's capitalised claims. */
  signUserToken(username: string, role: string, now = new Date()): Promise<string> {
    const claims: UserTokenClaims & { Api: string; RacAutoDisable: boolean } = {
      UserName: username,
      Role: role,
      TokenType: 'user_id_token',
      Api: '',
      RacAutoDisable: false,
    };
    return this.#sign(claims, `user|${username}`, now, this.userTokenMinutes);
  }

  /** A short-lived agent token scoped to one host. */
  signHostToken(hostId: string, macAddress = '', network = '', now = new Date()): Promise<string> {
    const claims: HostTokenClaims = { ID: hostId, MacAddress: macAddress, Network: network };
    return this.#sign(claims, `node|${hostId}`, now, HOST_TOKEN_MINUTES);
  }

  /** Verifies signature, issuer and expiry; returns undefined for any invalid or expired token, or one without exp. */
  async verify(token: string): Promise<VerifiedToken | undefined> {
    try {
      // A token without exp would never expire: refused even though the signature is ours.
      const { payload } = await jwtVerify(token, this.#key, { issuer: TOKEN_ISSUER, algorithms: ['HS256'], requiredClaims: ['exp'] });
      const subject = payload.sub ?? '';
      const expiresAt = (payload.exp ?? 0) * 1000;
      if (subject.startsWith('user|') && typeof payload.UserName === 'string' && payload.TokenType === 'user_id_token') {
        return { kind: 'user', username: payload.UserName, role: typeof payload.Role === 'string' ? payload.Role : '', expiresAt };
      }
      if (subject.startsWith('node|') && typeof payload.ID === 'string') {
        return { kind: 'host', hostId: payload.ID, expiresAt };
      }
      return undefined;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }

  #sign(claims: object, subject: string, now: Date, minutes: number): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + minutes * 60)
      .sign(this.#key);
  }
}
