import { bigIntToAddress, findFreeAddress, parseAddress, parseCidr } from '@meshdeck/contracts';
import type { NodesRepository } from './nodes.repository.ts';

/** Point lookups tried from the hint before falling back to reading every address of the network. */
const MAX_PROBES = 32;

/**
 * Lowest-free address allocation (api-contract §5.1) without reading the whole network on every join: per
 * network and family it remembers the last address handed out, below which every address is taken, and probes
 * upwards from it with point lookups. Anything that can free an address (a node deleted or edited, the network
 * changed) resets the hint, and the next allocation scans the network once. Allocation runs under the network's
 * write lock, so hints never race; a rolled-back join leaves its address free and the probe finds it again.
 */
export class AddressHints {
  readonly #hints = new Map<string, bigint>();

  /** Forgets what is known about a network (after deletes, address edits, range changes). */
  reset(netid: string): void {
    this.#hints.delete(`${netid}|address`);
    this.#hints.delete(`${netid}|address6`);
  }

  /** The lowest free address of `cidr` in the network's `column`, or undefined when the range is full. */
  async allocate(
    nodes: NodesRepository,
    netid: string,
    cidr: string,
    column: 'address' | 'address6',
  ): Promise<string | undefined> {
    const key = `${netid}|${column}`;
    const range = parseCidr(cidr);
    const hint = this.#hints.get(key);
    if (range && hint !== undefined && hint > range.network && hint < range.last) {
      for (
        let value = hint, probes = 0;
        value < range.last && probes < MAX_PROBES;
        value += 1n, probes += 1
      ) {
        const candidate = bigIntToAddress(value, range.family);
        if (!(await nodes.isAddressTaken(netid, column, candidate))) return this.keep(key, candidate);
      }
    }
    const found = findFreeAddress(cidr, await nodes.usedAddresses(netid), 'lowest');
    return found === undefined ? undefined : this.keep(key, found);
  }

  private keep(key: string, address: string): string {
    const value = parseAddress(address)?.value;
    if (value !== undefined) this.#hints.set(key, value);
    return address;
  }
}
