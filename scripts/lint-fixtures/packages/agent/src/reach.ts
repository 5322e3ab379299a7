// Breaks the package wall: a relative path into another workspace package.
import { first } from '../../../apps/server/src/cycle/first.ts';

export const reach = () => first();
