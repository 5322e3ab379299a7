// A command-line tool is a composition root, like app.ts: it may import a module's entry.
import { betaEntry } from '../modules/beta/beta.module.ts';

export const cliView = betaEntry;
