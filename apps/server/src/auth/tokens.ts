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
  | {
      kind: 'user';
      username: string;
      role: string;
      expiresAt: number;
      /** The user's token generation when the session was issued (0 for tokens without one). */
      generation: number;
      /** Set for API access tokens: the id of the row that must still exist. */
      accessTokenId?: string;
    }
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

  /**
   * A dashboard session token with the contract's capitalised claims, plus `Gen`: the user's token generation, so
   * a role change (which bumps it) ends every earlier session.
   */
  signUserToken(username: string, role: string, now = new Date(), generation = 0): Promise<string> {
    const claims: UserTokenClaims & { Api: string; RacAutoDisable: boolean; Gen: number } = {
      UserName: username,
      Role: role,
      TokenType: 'user_id_token',
      Api: '',
      RacAutoDisable: false,
      Gen: generation,
    };
    return this.#sign(claims, `user|${username}`, now, this.userTokenMinutes);
  }

  /** An API access token (api-contract §7.1): `TokenType: access_token`, `jti` = the token row's id, exp = its expiry. */
  signAccessToken(
    username: string,
    role: string,
    id: string,
    expiresAt: Date,
    apiHost: string,
    now = new Date(),
  ): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      UserName: username,
      Role: role,
      TokenType: 'access_token',
      Api: apiHost,
      RacAutoDisable: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(`user|${username}`)
      .setJti(id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.#key);
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
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: TOKEN_ISSUER,
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      const subject = payload.sub ?? '';
      const expiresAt = (payload.exp ?? 0) * 1000;
      if (subject.startsWith('user|') && typeof payload.UserName === 'string') {
        const role = typeof payload.Role === 'string' ? payload.Role : '';
        if (payload.TokenType === 'user_id_token') {
          return {
            kind: 'user',
            username: payload.UserName,
            role,
            expiresAt,
            generation: typeof payload.Gen === 'number' ? payload.Gen : 0,
          };
        }
        if (payload.TokenType === 'access_token' && typeof payload.jti === 'string') {
          return {
            kind: 'user',
            username: payload.UserName,
            role,
            expiresAt,
            generation: 0,
            accessTokenId: payload.jti,
          };
        }
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
