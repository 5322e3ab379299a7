// Keeps the cycle wall: type-only imports both ways are erased at run time.
import type { B } from './types-b.ts';

export interface A {
  b?: B;
}
