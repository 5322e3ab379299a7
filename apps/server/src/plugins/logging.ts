import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';
import { REDACTED, redactText, redactValue } from '../lib/redact.ts';

/** Header and body paths pino masks before a line is written, whatever the code that logged them. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  'body.password',
  'body.hostpass',
  '*.password',
  '*.hostpass',
];

/**
 * Logger settings for the server: every line goes through the redaction rules of lib/redact.ts, because secrets
 * reach logs from many places (enrollment tokens in request URLs, credentials in broker and database URLs,
 * bearer headers, error messages that quote a URL). `stream` lets tests capture the output of a real app.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactText(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // Error messages can quote a URL with credentials (a failed database or broker connection).
      err: (error: FastifyError) => ({
        type: error.name,
        message: redactText(error.message),
        stack: redactText(error.stack ?? ''),
        ...(error.code ? { code: error.code } : {}),
        ...(error.statusCode ? { statusCode: error.statusCode } : {}),
      }),
    },
    formatters: { log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...values: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
  };
}
