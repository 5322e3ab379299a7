// Breaks the cycle wall: first.ts and second.ts import each other's values.
import { second } from './second.ts';

export const first = () => second() + 1;
