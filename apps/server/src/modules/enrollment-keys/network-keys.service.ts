import { EnrollmentKeyType, type ChangeEvent } from '@meshdeck/contracts';
import type { EnrollmentKeysRepository } from './enrollment-keys.repository.ts';
import { keyNetworks } from './enrollment-keys.presenter.ts';
import { generateKeyValue } from './key-rules.ts';

/**
 * The per-network side of enrollment keys (api-contract §5.2), run inside the network's own create or delete
 * transaction. Methods return the changes to announce instead of publishing them, so nothing is announced for a
 * transaction that rolls back.
 */
export class NetworkKeysService {
  constructor(private readonly keys: EnrollmentKeysRepository) {}

  /** Creates the network's default key: unlimited, named after the network, joining only it. */
  async createDefaultKey(netid: string, now = new Date()): Promise<ChangeEvent[]> {
    // A free name is chosen before inserting: on PostgreSQL a failed insert would abort the whole transaction.
    const taken = new Set((await this.keys.listAll()).map((row) => row.name));
    const name =
      [netid, `${netid}-default`].find((candidate) => !taken.has(candidate)) ??
      `${netid}-${generateKeyValue().slice(0, 6).toLowerCase()}`;
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
    if (created === 'duplicate')
      throw new Error(`default enrollment key name ${name} was taken concurrently`);
    return [{ resource: 'enrollment-keys', action: 'created', id: created.value, network: netid }];
  }

  /** Deletes the network's default key, drops the network from other keys and deletes keys left with none. */
  async removeNetwork(netid: string): Promise<ChangeEvent[]> {
    const changes: ChangeEvent[] = [];
    for (const row of await this.keys.listAll()) {
      const networks = keyNetworks(row);
      if (!networks.includes(netid)) continue;
      const remaining = networks.filter((n) => n !== netid);
      if (row.is_default === 1 || remaining.length === 0) {
        await this.keys.delete(row.value);
        changes.push({ resource: 'enrollment-keys', action: 'deleted', id: row.value, network: netid });
      } else {
        await this.keys.setNetworks(row.value, remaining);
        changes.push({ resource: 'enrollment-keys', action: 'updated', id: row.value, network: netid });
      }
    }
    return changes;
  }
}
