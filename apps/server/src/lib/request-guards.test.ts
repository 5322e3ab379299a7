import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, containsNul, exceedsDepth } from './request-guards.ts';

const nestedArrays = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('exceedsDepth', () => {
  it('-> accepts scalars and bodies up to the limit, refuses one level more', () => {
    expect(exceedsDepth('text')).toBe(false);
    expect(exceedsDepth({ a: [{ b: 1 }] })).toBe(false);
    expect(exceedsDepth(nestedArrays(MAX_BODY_DEPTH))).toBe(false);
    expect(exceedsDepth(nestedArrays(MAX_BODY_DEPTH + 1))).toBe(true);
  });

  it('-> when a body is nested 100,000 deep, answers true without overflowing the stack', () => {
    expect(exceedsDepth(nestedArrays(100_000))).toBe(true);
  });
});

describe('containsNul', () => {
  it('-> finds a NUL character in any string or key, however deep, and nothing in clean values', () => {
    expect(containsNul({ a: [{ b: 'ok' }], c: 1 })).toBe(false);
    expect(containsNul({ a: [{ b: 'n\u0000l' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul('\u0000')).toBe(true);
  });
});
