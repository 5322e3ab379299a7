import type { AclInput, ChangeEvent, CreateTagInput } from '@meshdeck/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { ChangeOrigin } from '../events/events.public.ts';
import { AccessRepository, type PolicyRow, type TagRow } from './access.repository.ts';
import { AccessModels } from './access-models.ts';
import { AccessService, allOf, type AccessPublisher } from './access.service.ts';
import { aclsRoutes } from './acls.routes.ts';
import { matrixRoutes } from './matrix.routes.ts';
import { createPolicy } from './policy-plans.ts';
import { createTag } from './tag-plans.ts';
import { tagsRoutes, type PresentNode } from './tags.routes.ts';

/** What the access-control module uses. */
export interface AccessControlModuleDeps {
  database: DatabaseHandle;
  edition: 'community' | 'pro';
  events: {
    publish(event: ChangeEvent): void;
    subscribe(
      listener: (event: ChangeEvent, origin: ChangeOrigin) => void,
      options: { everyReplica: boolean },
    ): () => void;
    /** Resolves once other replicas' changes committed before the call were heard (decision 062). */
    caughtUp(): Promise<void> | undefined;
  };
  /** Tells hosts whose peers changed (the peer engine). */
  publisher: AccessPublisher;
  /** A node as ApiNode, for tag members (the nodes module). */
  presentNode: PresentNode;
}

/** Changes elsewhere that alter who reaches whom: nodes, clients, hosts and networks. */
const AFFECTS_ACCESS = new Set(['nodes', 'extclients', 'hosts', 'networks', 'users', 'groups']);
/** This module's own saves, which remember their model here, and must be forgotten on the other replicas. */
const ACCESS_SAVES = new Set(['acls', 'tags']);

/**
 * Access control (issue 32; api-contract §2.14-2.16): v1 policies, tags, the old matrix, impact previews and
 * checks. Returns the compiled models peer computation asks whether two nodes may be peers. Tags are served in
 * both editions, as v0.30 serves them (enrollment keys and node tags use them; issue 39): only the console's Tag
 * Manager page is Pro, and on community policies still name no tag but `*` and the gateways tag (§3.7).
 */
/** What the access-control module offers: the compiled models, and where its objects' networks are looked up. */
export interface AccessControlModule {
  models: AccessModels;
  /** The network of a tag, policy, check or member (node or client); [] when unknown (decision 046). */
  lookups: Record<'tag' | 'policy' | 'assertion' | 'member', (id: string) => Promise<string[]>>;
  /**
   * Creates a set of one network's tags or policies as one save, all or none, under the rules of their routes'
   * creates (an import, decision 060); a refusal is an `ItemRefused` naming the input's index.
   */
  createMany: {
    tags(netid: string, inputs: readonly CreateTagInput[], createdBy: string): Promise<TagRow[]>;
    acls(netid: string, inputs: readonly AclInput[], createdBy: string): Promise<PolicyRow[]>;
  };
}

export async function register(app: ModuleApp, deps: AccessControlModuleDeps): Promise<AccessControlModule> {
  const repository = new AccessRepository(deps.database.db);
  const isPro = deps.edition === 'pro';
  const models = new AccessModels(repository, isPro, () => deps.events.caughtUp());
  await models.learnDefaults();
  const service = new AccessService({
    repository,
    isPro,
    events: deps.events,
    publisher: deps.publisher,
    forget: (netid) => models.forget(netid),
    snapshot: (netid) => models.snapshot(netid),
    remember: (netid, rows, model) => models.remember(netid, rows, model),
  });
  const onError = (what: string) => (error: unknown) => app.log.error({ err: error }, what);
  // Models follow every replica's changes (decision 062); hosts are told of a default's change by the replica
  // that made it.
  const onChange = (event: ChangeEvent, origin: ChangeOrigin) => {
    const isRemote = origin === 'replica';
    if (AFFECTS_ACCESS.has(event.resource) || (isRemote && ACCESS_SAVES.has(event.resource)))
      models.forget(event.network);
    // A network's default access decides the implicit All Nodes policy: its hosts must hear what changed.
    if (event.resource === 'networks' && event.action === 'created')
      models.learnDefaults().catch(onError('reading network defaults failed'));
    if (event.resource !== 'networks' || event.action !== 'updated' || !event.id) return;
    const netid = event.id;
    // The network's default as another replica left it, so a later change here compares with the stored one.
    if (isRemote) void models.forNetworks([netid]).catch(onError('reading network access failed'));
    else
      service
        .followDefault(netid, models.lastDefault(netid))
        .then(() => models.forNetworks([netid]))
        .catch(onError('access update after a network change failed'));
  };
  const unsubscribe = deps.events.subscribe(onChange, { everyReplica: true });
  app.addHook('onClose', async () => unsubscribe());
  await app.register(aclsRoutes(service));
  await app.register(matrixRoutes(service));
  await app.register(tagsRoutes(service, deps.presentNode));
  const tables = { tag: 'tags', policy: 'acl_policies', assertion: 'access_assertions' } as const;
  const networkOf = async (object: 'tag' | 'policy' | 'assertion' | 'member', id: string) => {
    const netid =
      object === 'member'
        ? await repository.networkOfMember(id)
        : await repository.networkOf(tables[object], id);
    if (netid !== undefined) return [netid];
    // Default policies are not stored: their id is `<network>.<name>` (policyNetwork in acls.routes.ts).
    const dot = id.lastIndexOf('.');
    return object === 'policy' && dot > 0 ? [id.slice(0, dot)] : [];
  };
  const createMany: AccessControlModule['createMany'] = {
    tags: async (netid, inputs, createdBy) =>
      (await service.save(netid, allOf(inputs.map((input) => createTag(input, createdBy))))).result,
    acls: async (netid, inputs, createdBy) =>
      (await service.save(netid, allOf(inputs.map((input) => createPolicy(input, createdBy, isPro))))).result,
  };
  return {
    models,
    createMany,
    lookups: {
      tag: (id) => networkOf('tag', id),
      policy: (id) => networkOf('policy', id),
      assertion: (id) => networkOf('assertion', id),
      member: (id) => networkOf('member', id),
    },
  };
}
