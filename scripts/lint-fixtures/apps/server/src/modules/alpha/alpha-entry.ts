// Breaks the entry wall: only composition roots import a module's entry.
import { betaEntry } from '../beta/beta.module.ts';

export const alphaEntry = betaEntry;
