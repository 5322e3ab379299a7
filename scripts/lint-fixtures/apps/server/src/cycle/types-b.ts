import type { A } from './types-a.ts';

export interface B {
  a?: A;
}
