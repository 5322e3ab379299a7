// Breaks the module wall from outside modules/: a shared folder handing out the beta module's repository.
import { BetaRepository } from '../modules/beta/beta.repository.ts';
// Keeps it: the beta module's public file.
import type { BetaView } from '../modules/beta/beta.public.ts';

export const sharedView = (): BetaView => ({ name: new BetaRepository().name });
