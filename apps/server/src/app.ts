import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NetworkLookups } from './auth/network-locator.ts';
import { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { createFastify, exposeInternals, openInfrastructure } from './infrastructure.ts';
import { ReadCache } from './lib/read-cache.ts';
import * as accessControlModule from './modules/access-control/access-control.module.ts';
import * as accessTokensModule from './modules/access-tokens/access-tokens.module.ts';
import * as activityModule from './modules/activity/activity.module.ts';
import * as alertsModule from './modules/alerts/alerts.module.ts';
import * as brandingModule from './modules/branding/branding.module.ts';
import * as configTransferModule from './modules/config-transfer/config-transfer.module.ts';
import * as dnsModule from './modules/dns/dns.module.ts';
import * as enrollmentKeysModule from './modules/enrollment-keys/enrollment-keys.module.ts';
import * as eventsModule from './modules/events/events.module.ts';
import * as remoteAccessModule from './modules/remote-access/remote-access.module.ts';
import * as groupsModule from './modules/groups/groups.module.ts';
import * as hostsModule from './modules/hosts/hosts.module.ts';
import * as invitesModule from './modules/invites/invites.module.ts';
import * as licensesModule from './modules/licenses/licenses.module.ts';
import * as metricsModule from './modules/metrics/metrics.module.ts';
import * as networksModule from './modules/networks/networks.module.ts';
import * as nodesModule from './modules/nodes/nodes.module.ts';
import { NodeHealth, type NodeRoutingEdit } from './modules/nodes/nodes.public.ts';
import * as oauthModule from './modules/oauth/oauth.module.ts';
import * as peersModule from './modules/peers/peers.module.ts';
import * as releasesModule from './modules/releases/releases.module.ts';
import * as rolesModule from './modules/roles/roles.module.ts';
import * as routingModule from './modules/routing/routing.module.ts';
import * as serverModule from './modules/server/server.module.ts';
import * as usersModule from './modules/users/users.module.ts';
import { installFallbacks, installPlugins } from './plugins/install.ts';
import { IdentityStore } from './stores/identity.repository.ts';

export type App = FastifyInstance;

/** Settings key of the HS256 secret generated at first start. */
export const JWT_SECRET_KEY = 'jwt_secret';

export interface BuildOptions {
  /** Where log lines go (stdout by default); tests capture them to check redaction. */
  logStream?: NodeJS.WritableStream;
}

/**
 * Builds the whole server without listening; closing the app releases all. The composition root: it opens the
 * database and broker, builds the few shared services (event bus, tokens, identity store, network reads, read
 * cache, peer engine) and lists the modules, each building its own services from the deps it declares
 * (modules/README.md). Other modules get what a module offers through the values its `register` returns.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = createFastify(config, options.logStream);
  const { database, settings, broker, prometheus, events, plugins } = await openInfrastructure(app, config);
  const firstSecret = randomBytes(48).toString('base64url').slice(0, 64); // kept only at the first start
  const secret = await settings.getOrCreate(JWT_SECRET_KEY, firstSecret);
  const tokens = new TokenService(secret, config.jwtValidityMinutes);
  const identity = new IdentityStore(database.db);
  const networks = networksModule.networkReads(database);
  await rolesModule.seedIdentity(identity, config.edition, await networks.ids());
  const lookups = new NetworkLookups(); // each module's objects' networks (decision 046), provided below
  await installPlugins(app, config, plugins, {
    tokens,
    masterKey: config.masterKey,
    findActiveUser: rolesModule.activeUsers(identity),
    useAccessToken: accessTokensModule.accessTokenUse({ config, identity, tokens }),
    lookups,
  });

  // The licence before any route: with a failed licence its hook answers 403 for the routes registered after it.
  const licensing = await licensesModule.register(app, { config, database });
  identity.useLicenseLimits(licensing.limits);
  // The activity log first: its hooks record the writes of every module registered after it.
  const activity = await activityModule.register(app, { config, database });

  // People: users, access tokens, roles; groups, invites and single sign-on in the Pro edition.
  const people = { config, identity, tokens, events };
  await serverModule.register(app, { config, database, broker, licensing });
  await releasesModule.register(app, { config });
  const users = await usersModule.register(app, people);
  await accessTokensModule.register(app, people);
  await rolesModule.register(app, { ...people, networkExists: networks.exists });
  const isPro = config.edition === 'pro';
  if (isPro) {
    await groupsModule.register(app, people);
    await invitesModule.register(app, people);
    await oauthModule.register(app, people);
  }
  await eventsModule.register(app, { events });
  // White-label branding (Pro); the console's index.html carries it (installFallbacks below).
  const branding = await brandingModule.register(app, { config, database, events });

  // The mesh: nodes, enrollment keys, networks, hosts and agents, remote access and routing, over the peer engine.
  const { serverName } = config;
  const lists = new ReadCache(5000, () => events.caughtUp()); // fresh after other replicas' writes (062)
  // Node status by the server's clock (decision 050): lists, ApiNode, remote access and the sweeper share it.
  const health = new NodeHealth(config.status);
  const { limits } = licensing; // networks, hosts and the identity store reserve inside their inserts (049)
  const mesh = { config, database, networks: networks.directory, events, serverName, health, limits };
  const peers = await peersModule.register(app, { database, broker, serverName });
  const { versions: peerVersions } = peers.builder;
  const onStored = (nodeId: string) => alerts.metricsStored(nodeId); // a report -> alert rules (decision 055)
  // GET /api/nodes(/{network}) lists external clients as static nodes, and a node update's relay and internet-gateway
  // membership goes through the routing rules: both modules register further down.
  const staticNodes = (netid?: string) => remoteAccess.staticNodes(netid);
  const editRouting = (netid: string, nodeId: string, edit: NodeRoutingEdit) =>
    routingService.editNode(netid, nodeId, edit);
  const nodeDeps = { peers, lists, staticNodes, editRouting, sweepEveryMs: config.status.sweepEveryMs };
  const nodes = await nodesModule.register(app, { ...mesh, ...nodeDeps });
  const keys = await enrollmentKeysModule.register(app, { ...mesh, findRelay: nodes.findRelay });
  const usage = rolesModule.withNetworkIdentity(
    enrollmentKeysModule.withNetworkKeys(alertsModule.withNetworkAlerts(nodes.networkUsage)),
  );
  await networksModule.register(app, { database, events, usage, limits });
  const dns = await dnsModule.register(app, { database, broker, events, serverName });
  const hostDeps = { broker, tokens, peers, lists, networkUsage: nodes.networkUsage, keys: keys.uses };
  const dnsOf = (hostId: string) => dns.entriesOfHost(hostId); // hosts and clients write nodes' records (059)
  const hosts = await hostsModule.register(app, { ...mesh, ...hostDeps, nodes: nodes.records, dnsOf });
  const claims = routingModule.routeClaims(networks.directory, hosts.records, config, broker.publicUrl); // 047
  const racPeople = isPro ? { getUser: users.getUser, getNetwork: networks.get } : undefined;
  const clientDeps = { peers, people: racPeople, claims, nodes: nodes.records, hosts: hosts.records };
  const remoteAccess = await remoteAccessModule.register(app, { ...mesh, ...clientDeps });
  const routing = { db: database.db, edition: config.edition, peers: peers.queue, nodeViews: nodes.views };
  const routingService = await routingModule.register(app, { ...mesh, ...routing, claims });
  // A policy save reaches the peer engine's publishAccess; policies name nodes as the API shows them.
  const access = { database, events, publisher: peers, presentNode: nodes.views.present };
  const accessControl = await accessControlModule.register(app, { ...access, edition: config.edition });
  // Metrics push what agents measured into node status (decision 058): nodes never import metrics.
  const metrics = { members: nodes.members, connectivity: nodes.connectivity, networkIds: networks.ids };
  const metricsHooks = { onStored, peerVersions, prometheus, events };
  const metricsDeps = { database, broker, serverName, ...metrics, ...metricsHooks };
  const metricsService = await metricsModule.register(app, metricsDeps);
  const alertDeps = { activity, members: nodes.members, metrics: metricsService, peers };
  const alerts = await alertsModule.register(app, { ...mesh, ...alertDeps, networkExists: networks.exists });
  // Export and import go through the routes above, so it comes after every module whose items it moves.
  const createMany = { dns: dns.createMany.bind(dns), ...accessControl.createMany };
  const recordCreations = activity.recordCreations.bind(activity);
  await configTransferModule.register(app, { database, createMany, recordCreations });

  const objectLookups = { node: nodes.networkOfNode, host: nodes.networksOfHost, ...alerts.lookups };
  lookups.provide({ ...objectLookups, extclient: remoteAccess.networkOfClient, ...accessControl.lookups });
  peers.builder.useAccess(accessControl.models);
  exposeInternals(app, { database, broker, config, events, peers, prometheus });
  await installFallbacks(app, config, branding.brandPage);
  return app;
}
