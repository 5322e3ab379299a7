import { BetaRepository } from './beta.repository.ts';

/** The beta module's entry: only composition roots import it. */
export const betaEntry = (): string => new BetaRepository().name;
