export class BetaRepository {
  readonly name = 'beta';
}
