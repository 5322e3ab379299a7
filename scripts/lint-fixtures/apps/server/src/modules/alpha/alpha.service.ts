// Breaks the module wall: it reaches into the beta module's repository.
import { BetaRepository } from '../beta/beta.repository.ts';
// Keeps it: the beta module's public file.
import type { BetaView } from '../beta/beta.public.ts';

export const alphaView = (): BetaView => ({ name: new BetaRepository().name });
