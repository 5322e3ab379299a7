import type { preValidationHookHandler } from 'fastify';
import { badRequest } from './api-error.ts';
import { MAX_BODY_DEPTH, tooDeepMessage } from './request-guards.ts';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Copies an object with every key lower-cased, recursively through nested objects and arrays. A key already in
 * lower case wins over a differently cased duplicate, like an exact match wins in a case-insensitive decoder.
 * Deeper than MAX_BODY_DEPTH it throws a 400 rather than recurse until the stack overflows.
 */
export function lowerCaseKeys(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_BODY_DEPTH) throw badRequest(tooDeepMessage);
  if (Array.isArray(value)) return value.map((inner) => lowerCaseKeys(inner, depth + 1));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  const entries = Object.entries(value);
  for (const [key, inner] of entries)
    if (key === key.toLowerCase() && key !== '__proto__') result[key] = lowerCaseKeys(inner, depth + 1);
  for (const [key, inner] of entries) {
    const lower = key.toLowerCase();
    // "__proto__" would replace the prototype instead of adding a key; the JSON parser already refuses it.
    if (lower !== '__proto__' && !Object.hasOwn(result, lower))
      result[lower] = lowerCaseKeys(inner, depth + 1);
  }
  return result;
}

/**
 * preValidation hook for bodies whose schema uses lower-case keys: the contract decodes request bodies
 * case-insensitively (api-contract §1.4), and the dashboard relies on it (it sends `defaultDns`, `natEnabled`).
 * Only for bodies whose keys are field names, never for bodies that hold user-chosen map keys.
 */
export const lowerCaseBodyKeys: preValidationHookHandler = (request, _reply, done) => {
  try {
    request.body = lowerCaseKeys(request.body);
    done();
  } catch (error) {
    done(error instanceof Error ? error : new Error(String(error)));
  }
};
