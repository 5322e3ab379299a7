import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import { isDatabaseUnavailable, isUnstorableText } from '../lib/database-errors.ts';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns a schema-validation failure into one sentence naming each bad field. */
export function describeValidation(context: string | undefined, items: readonly ValidationItem[]): string {
  const parts = items.map((item) => {
    const issue = item.params?.issue as { path?: unknown[] } | undefined;
    const pathFromIssue = Array.isArray(issue?.path) ? issue.path.map(String).join('.') : '';
    const pathFromPointer = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const field = pathFromIssue || pathFromPointer;
    const where = field ? `${field}` : (context ?? 'request');
    return `${where}: ${item.message ?? 'is invalid'}`;
  });
  return `invalid ${context ?? 'request'}: ${parts.join('; ')}`;
}

/** Every error leaves as `{Code, Message, Response: null}`; nothing leaks a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let message = 'internal server error';
    if (error instanceof ApiError) {
      status = error.statusCode;
      message = error.message;
    } else if (Array.isArray(error.validation)) {
      status = 400;
      message = describeValidation(error.validationContext, error.validation);
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'request body is not valid JSON'
          : error.message;
    } else if (isUnstorableText(error)) {
      // The request guards and the contracts' bounds refuse these up front; this catches what they miss.
      status = 400;
      message = 'request holds text the database cannot store (too long, NUL or an invalid character)';
    } else if (isDatabaseUnavailable(error)) {
      // Not the request's fault and not a bug: the client may retry once the database answers again.
      status = 503;
      message = 'the database is unavailable or overloaded; try again shortly';
      void reply.header('retry-after', '5');
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({ Code: status, Message: message, Response: null });
  });
}

/**
 * Unknown routes under /api answer 404 JSON; everything else falls through to the given handler (the console),
 * which returns the HTML of the page to serve.
 */
export function installNotFound(
  app: FastifyInstance,
  fallback?: (url: string) => Promise<string | undefined>,
): void {
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/');
    const page =
      !isApi && (request.method === 'GET' || request.method === 'HEAD') ? await fallback?.(url) : undefined;
    if (page !== undefined) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    const status = 404;
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({
        Code: status,
        Message: `route not found: ${request.method} ${url.split('?')[0] ?? url}`,
        Response: null,
      });
  });
}
