/**
 * At most `size` tasks at once; the rest wait in order. Used where many concurrent requests each need a few
 * milliseconds of CPU: without a bound, all of them become ready together and every other request (a console
 * page, a health check) waits behind the whole pile.
 */
export class Slots {
  #busy = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Runs `task` when a slot is free. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#busy >= this.size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#busy += 1;
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#busy -= 1;
    }
  }
}
