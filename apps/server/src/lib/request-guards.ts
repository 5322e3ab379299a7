import type { FastifyInstance } from 'fastify';
import { badRequest } from './api-error.ts';

/**
 * Deepest nesting of arrays and objects a request body may have. The contract's deepest body (a host's
 * interfaces with their IPNet) is 4 levels; a hostile 100,000-level body would overflow any recursive walk.
 */
export const MAX_BODY_DEPTH = 32;

/** Largest request body in bytes; agents' registration bodies are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const tooDeepMessage = `request body is nested too deeply: at most ${MAX_BODY_DEPTH} levels of objects and arrays`;

/** True when a parsed JSON value nests deeper than maxDepth; walked with an explicit stack so no input overflows the call stack. */
export function exceedsDepth(value: unknown, maxDepth = MAX_BODY_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const inner of Array.isArray(current) ? current : Object.values(current))
      stack.push([inner, depth + 1]);
  }
  return false;
}

/** True when a string anywhere in a parsed value (keys included) holds a NUL character, walked without recursion. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

export const nulMessage = 'request must not contain NUL characters (\\u0000) in its path, query or body';

/**
 * Refuses over-deep bodies and NUL characters (PostgreSQL text cannot hold them) with a 400, before any
 * route-level hook or schema walks the request.
 */
export function installRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (exceedsDepth(request.body)) return done(badRequest(tooDeepMessage));
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      return done(badRequest(nulMessage));
    done();
  });
}
