import { EnrollmentKeyType } from '@meshdeck/contracts';
import type { EventBus } from '../events/event-bus.ts';
import type { EnrollmentKeysRepository } from './enrollment-keys.repository.ts';
import { keyNetworks } from './enrollment-keys.presenter.ts';
import { generateKeyValue } from './key-rules.ts';

/**
 * The per-network side of enrollment keys (api-contract §5.2): the networks service calls these hooks when a
 * network is created or deleted.
 */
export class NetworkKeysService {
  constructor(
    private readonly keys: EnrollmentKeysRepository,
    private readonly events: EventBus,
  ) {}

  /** Creates the network's default key: unlimited, named after the network, joining only it. */
  async createDefaultKey(netid: string, now = new Date()): Promise<void> {
    for (const name of [netid, `${netid}-default`, `${netid}-${generateKeyValue().slice(0, 6).toLowerCase()}`]) {
      const created = await this.keys.insert({
        value: generateKeyValue(),
        name,
        tags: JSON.stringify([name]),
        networks: JSON.stringify([netid]),
        expires_at: null,
        uses_remaining: 0,
        unlimited: 1,
        type: EnrollmentKeyType.Unlimited,
        relay: '',
        groups: '[]',
        is_default: 1,
        created_at: now.toISOString(),
      });
      // A user key may already carry the network's name; the next candidate name is tried then.
      if (created !== 'duplicate') {
        this.events.publish({ resource: 'enrollment-keys', action: 'created', id: created.value, network: netid });
        return;
      }
    }
  }

  /** Deletes the network's default key, drops the network from other keys and deletes keys left with none. */
  async removeNetwork(netid: string): Promise<void> {
    for (const row of await this.keys.listAll()) {
      const networks = keyNetworks(row);
      if (!networks.includes(netid)) continue;
      const remaining = networks.filter((n) => n !== netid);
      if (row.is_default === 1 || remaining.length === 0) {
        await this.keys.delete(row.value);
        this.events.publish({ resource: 'enrollment-keys', action: 'deleted', id: row.value, network: netid });
      } else {
        await this.keys.setNetworks(row.value, remaining);
        this.events.publish({ resource: 'enrollment-keys', action: 'updated', id: row.value, network: netid });
      }
    }
  }
}
