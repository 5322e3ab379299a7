/** The small part of oidc-provider (which ships no types) that the single sign-on test uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: { client_id: string; client_secret: string; redirect_uris: string[] }[];
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, id: string) => Account | Promise<Account>;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
