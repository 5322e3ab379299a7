import {
  CONFIG_DOCUMENT_MAX_BYTES,
  CONFIG_DOCUMENT_MAX_ITEMS,
  aclInputSchema,
  configResources,
  createNetworkInputSchema,
  createTagInputSchema,
  dnsEntryInputSchema,
  dnsEntryProblem,
  enrollmentKeyInputSchema,
  type ConfigDocument,
  type ConfigResource,
  type ImportChange,
  type ImportResult,
} from '@meshdeck/contracts';
import type { z } from 'zod';
import { ApiError, badRequest } from '../../lib/api-error.ts';

/** A call to one of the server's own routes as the caller (their token, so their role decides). */
export type CallRoute = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/** Runs `work` as one database transaction that the routes called inside it join (DatabaseHandle). */
export type UnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The resources an import creates as sets, one call per network, rather than one route call per item: those counted
 * in thousands, whose one-by-one creation cost grew with the square of their number (each policy or tag saved alone
 * recompiles its network's access) and held every other write waiting (decision 060).
 */
export type SetResource = 'tags' | 'dns' | 'acls';

/**
 * Creates a set of one network's items in one call, as the caller, under their route's rules and with its activity
 * entries (decision 060); `bodies` were parsed by the route's contract schema. Refuses with the index of the first
 * refused item (`index`) and its 4xx.
 */
export type CreateSet = (resource: SetResource, netid: string, bodies: readonly Item[]) => Promise<void>;

type Item = Record<string, unknown>;
interface Step {
  resource: ConfigResource;
  id: string;
  label: string;
  /** The route call that creates the item; none when it exists (unchanged) or is created in a set. */
  create?: () => Promise<{ status: number; body: unknown }>;
  /** An item created with the others of its resource and network in one call rather than by its route. */
  set?: { resource: SetResource; network: string; body: Item };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);
/** The `Response` of an envelope answer, or the answer. */
const payload = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && 'Response' in body ? body.Response : body;
const enc = encodeURIComponent;
const conflict = (message: string) => new ApiError(409, message);

/** The item as its contract schema parses it, or its first problem as a 400 "<resource>[i]: field: message". */
function check(schema: z.ZodType, item: Item, where: string): Item {
  const parsed = schema.safeParse(item);
  if (parsed.success) return parsed.data as Item;
  const issue = parsed.error.issues[0];
  throw badRequest(
    `${where}: ${issue?.path.join('.') ?? ''}${issue?.path.length ? ': ' : ''}${issue?.message ?? 'invalid'}`,
  );
}

/** Unix seconds of a wire expiry still in the future; 0 (no expiry) otherwise. */
const futureSeconds = (value: unknown): number => {
  const time = Date.parse(text(value));
  return Number.isFinite(time) && time > Date.now() ? Math.floor(time / 1000) : 0;
};

/**
 * Export and import of networks, enrollment keys, tags, custom DNS entries and access policies through the
 * server's own routes, as the caller: every rule, side effect (a network's default key, roles and groups; peer
 * updates) and permission of those routes applies. An import is planned whole first (every item checked
 * against its contract schema and the current state, conflicts refused with 409 naming the item), then applied
 * in dependency order, all of it in one database transaction that the routes join; a write refused anyway rolls
 * the whole import back, with its activity entries, events and messages to hosts (decisions 038 and 045).
 */
export class ConfigTransferService {
  constructor(
    private readonly call: CallRoute,
    private readonly unitOfWork: UnitOfWork,
    private readonly createSet: CreateSet,
  ) {}

  private async read(url: string): Promise<Item[]> {
    const answer = await this.call('GET', url);
    return answer.status === 200 ? list(payload(answer.body)) : [];
  }

  /** The caller's view of the configuration as an import document. */
  async export(): Promise<ConfigDocument> {
    const networks = await this.read('/api/networks');
    const keys = (await this.read('/api/v1/enrollment-keys')).filter((key) => key.default !== true);
    const tags: Item[] = [];
    const dns: Item[] = [];
    const acls: Item[] = [];
    for (const network of networks) {
      const netid = enc(text(network.netid));
      tags.push(
        ...(await this.read(`/api/v1/tags?network=${netid}`)).map((tag) => ({
          id: tag.id,
          network: tag.network,
          tag_name: tag.tag_name,
          color_code: tag.color_code,
        })),
      );
      // Entries stored before decision 048 that break its rules are listed as `invalid` and left out: an import
      // must accept whatever an export writes, and those are not sent to hosts anyway.
      dns.push(...(await this.read(`/api/dns/adm/${netid}/custom`)).filter((entry) => !('invalid' in entry)));
      acls.push(...(await this.read(`/api/v1/acls?network=${netid}`)).filter((acl) => acl.default !== true));
    }
    return fitsOneDocument({ meshdeck_export: 1, networks, enrollment_keys: keys, tags, dns, acls });
  }

  /**
   * Plans the import and, unless `dryRun`, applies it. The plan (every read and check of the document) is made
   * before the transaction opens, so the transaction holds only the writes (decision 060); each write checks again
   * what it writes (the routes' rules, the DNS set's), so a change made between the plan and the transaction is
   * refused with the item named, never half-applied.
   */
  async import(document: ConfigDocument, dryRun: boolean): Promise<ImportResult> {
    const steps = await this.plan(document);
    if (!dryRun) await this.unitOfWork(() => this.apply(steps.filter(creates)));
    const changes: ImportChange[] = steps.map((step) => ({
      resource: step.resource,
      id: step.id,
      action: creates(step) ? 'create' : 'unchanged',
    }));
    return { dry_run: dryRun, changes };
  }

  /**
   * Creates every step in order; the first refusal is thrown, which rolls the import's transaction back. Tags, DNS
   * entries and policies go in one call per network (decision 060): n of them cost one save, not n route calls, so
   * the transaction, which every other write on SQLite waits for, stays short and grows linearly.
   */
  private async apply(steps: Step[]): Promise<void> {
    for (let i = 0; i < steps.length;) {
      const step = steps[i];
      if (!step) break;
      if (step.create || !step.set) {
        const answer = await step.create?.();
        if (answer && answer.status !== 200) throw refused(step, answer.status, answer.body);
        i += 1;
        continue;
      }
      let end = i + 1;
      while (steps[end]?.set?.resource === step.set.resource) end += 1;
      await this.applySet(step.set.resource, steps.slice(i, end));
      i = end;
    }
  }

  /** A run of steps of one resource, one set per network. */
  private async applySet(resource: SetResource, steps: Step[]): Promise<void> {
    const byNetwork = new Map<string, Step[]>();
    for (const step of steps) {
      const network = step.set?.network ?? '';
      const set = byNetwork.get(network);
      if (set) set.push(step);
      else byNetwork.set(network, [step]);
    }
    for (const [network, set] of byNetwork) {
      try {
        await this.createSet(
          resource,
          network,
          set.map((step) => step.set?.body ?? {}),
        );
      } catch (error) {
        // A refusal of the whole set (its network is gone) names the set's first item.
        const index = (error as { index?: unknown }).index;
        const step = set[typeof index === 'number' ? index : 0];
        if (!step || !(error instanceof ApiError)) throw error;
        throw refused(step, error.statusCode, { Message: error.message });
      }
    }
  }

  private async plan(document: ConfigDocument): Promise<Step[]> {
    const steps: Step[] = [];
    const existingNetworks = new Map((await this.read('/api/networks')).map((n) => [text(n.netid), n]));
    const keyNames = new Map(
      (await this.read('/api/v1/enrollment-keys')).map((key) => [text(list(key.tags)[0]), key]),
    );
    const known = new Map<string, { tags: Set<string>; dns: Map<string, Item>; acls: Set<string> }>();
    const stateOf = async (netid: string) => {
      let state = known.get(netid);
      if (state) return state;
      const exists = existingNetworks.has(netid);
      const n = enc(netid);
      state = {
        tags: new Set(exists ? (await this.read(`/api/v1/tags?network=${n}`)).map((t) => text(t.id)) : []),
        dns: new Map(
          exists ? (await this.read(`/api/dns/adm/${n}/custom`)).map((e) => [text(e.name), e]) : [],
        ),
        acls: new Set(exists ? (await this.read(`/api/v1/acls?network=${n}`)).map((a) => text(a.name)) : []),
      };
      known.set(netid, state);
      return state;
    };

    const documentNetworks = new Map(list(document.networks).map((n) => [text(n.netid), n]));
    list(document.networks).forEach((network, i) => {
      const netid = text(network.netid);
      const label = `networks[${i}] "${netid}"`;
      check(createNetworkInputSchema, network, `networks[${i}]`);
      const current = existingNetworks.get(netid);
      if (current) {
        const same = ['addressrange', 'addressrange6'].every((f) => text(current[f]) === text(network[f]));
        if (!same) throw conflict(`${label}: a network with this name exists with other address ranges`);
        steps.push(unchanged('networks', netid, label));
        return;
      }
      steps.push({
        resource: 'networks',
        id: netid,
        label,
        create: () => this.call('POST', '/api/networks', network),
      });
    });

    list(document.enrollment_keys).forEach((key, i) => {
      const name = text(list(key.tags)[0]);
      const label = `enrollment_keys[${i}] "${name}"`;
      const body = {
        tags: key.tags,
        networks: key.networks,
        type: key.type,
        unlimited: key.unlimited,
        uses_remaining: key.uses_remaining,
        expiration: futureSeconds(key.expiration),
        relay: key.relay,
        groups: key.groups,
      };
      check(enrollmentKeyInputSchema, body, `enrollment_keys[${i}]`);
      const current = keyNames.get(name);
      if (current) {
        const same =
          JSON.stringify(list(current.networks).sort()) === JSON.stringify(list(key.networks).sort());
        if (!same) throw conflict(`${label}: a key with this name exists for other networks`);
        steps.push(unchanged('enrollment_keys', name, label));
        return;
      }
      steps.push({
        resource: 'enrollment_keys',
        id: name,
        label,
        create: () => this.call('POST', '/api/v1/enrollment-keys', body),
      });
    });

    for (const [i, tag] of list(document.tags).entries()) {
      await breathe(i);
      const netid = text(tag.network);
      const id = `${netid}.${text(tag.tag_name)}`;
      const label = `tags[${i}] "${id}"`;
      const body = {
        network: netid,
        tag_name: tag.tag_name,
        color_code: tag.color_code ?? '',
        tagged_nodes: [],
      };
      const parsed = check(createTagInputSchema, body, `tags[${i}]`);
      if ((await stateOf(netid)).tags.has(id)) {
        steps.push(unchanged('tags', id, label));
        continue;
      }
      steps.push({ resource: 'tags', id, label, set: { resource: 'tags', network: netid, body: parsed } });
    }

    for (const [i, entry] of list(document.dns).entries()) {
      await breathe(i);
      const netid = text(entry.network);
      const name = text(entry.name);
      const label = `dns[${i}] "${name}" in ${netid}`;
      const body = { name, address: entry.address ?? '', address6: entry.address6 ?? '' };
      check(dnsEntryInputSchema, body, `dns[${i}]`);
      // The route's rules for a network's names (decision 048), so a dry run already names the item and field.
      const network = existingNetworks.get(netid) ?? documentNetworks.get(netid);
      const problem =
        network &&
        dnsEntryProblem(
          { name, address: text(body.address), address6: text(body.address6) },
          {
            netid,
            addressrange: text(network.addressrange),
            addressrange6: text(network.addressrange6),
          },
        );
      if (problem) throw badRequest(`dns[${i}]: ${problem.field}: ${problem.message}`);
      const current = (await stateOf(netid)).dns.get(name);
      if (current) {
        const same =
          text(current.address) === text(body.address) && text(current.address6) === text(body.address6);
        if (!same) throw conflict(`${label}: an entry with this name has other addresses`);
        steps.push(unchanged('dns', `${netid}/${name}`, label));
        continue;
      }
      steps.push({
        resource: 'dns',
        id: `${netid}/${name}`,
        label,
        set: {
          resource: 'dns',
          network: netid,
          body: { name, address: text(body.address), address6: text(body.address6) },
        },
      });
    }

    for (const [i, acl] of list(document.acls).entries()) {
      await breathe(i);
      const netid = text(acl.network_id);
      const name = text(acl.name);
      const label = `acls[${i}] "${name}" in ${netid}`;
      const body = Object.fromEntries(
        Object.entries(acl).filter(([key]) => key !== 'id' && key !== 'created_at'),
      );
      const parsed = check(aclInputSchema, body, `acls[${i}]`);
      if ((await stateOf(netid)).acls.has(name)) {
        steps.push(unchanged('acls', `${netid}/${name}`, label));
        continue;
      }
      steps.push({
        resource: 'acls',
        id: `${netid}/${name}`,
        label,
        set: { resource: 'acls', network: netid, body: parsed },
      });
    }
    return steps;
  }
}

/**
 * The export document, or a 413 when import would refuse it (more items of a resource or more bytes than one
 * document may hold): export never writes what import does not accept (decision 049).
 */
function fitsOneDocument(document: ConfigDocument): ConfigDocument {
  for (const resource of configResources) {
    const count = list(document[resource]).length;
    if (count > CONFIG_DOCUMENT_MAX_ITEMS)
      throw new ApiError(
        413,
        `the configuration holds ${count} ${resource}, more than one import document may hold (${CONFIG_DOCUMENT_MAX_ITEMS})`,
      );
  }
  const bytes = Buffer.byteLength(JSON.stringify(document));
  if (bytes > CONFIG_DOCUMENT_MAX_BYTES)
    throw new ApiError(
      413,
      `the configuration is ${bytes} bytes as a document, more than one import document may hold (${CONFIG_DOCUMENT_MAX_BYTES})`,
    );
  return document;
}

/**
 * Lets other requests run every 256 items: checking 10,000 items is a second or more of work that otherwise never
 * leaves the event loop (awaits of settled promises do not), and writes outside the import would wait for it.
 */
const breathe = (i: number): Promise<void> | undefined =>
  i % 256 === 255 ? new Promise((resolve) => setImmediate(resolve)) : undefined;

/** The refusal of one step: its status when a 4xx (else 400), naming the item; the whole import rolls back. */
function refused(step: Step, status: number, body: unknown): ApiError {
  const reason = text((body as { Message?: unknown } | null)?.Message) || `status ${status}`;
  return new ApiError(
    status >= 400 && status < 500 ? status : 400,
    `${step.label}: ${reason}; nothing was imported`,
  );
}

const creates = (step: Step): boolean => step.create !== undefined || step.set !== undefined;
const unchanged = (resource: ConfigResource, id: string, label: string): Step => ({ resource, id, label });
