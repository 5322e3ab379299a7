import type { Migration } from 'kysely/migration';
import { foundation } from './001-foundation.ts';
import { networks } from './002-networks.ts';
import { devices } from './003-devices.ts';
import { identity } from './004-identity.ts';
import { remoteAccess } from './005-ra-server.ts';
import { nodesLastModified } from './006-nodes-last-modified.ts';
import { accessControl } from './007-access-control.ts';
import { activity } from './008-activity.ts';
import { branding } from './009-branding.ts';
import { internetFailMode } from './010-internet-fail-mode.ts';
import { aclMatrixFill } from './011-acl-matrix-fill.ts';
import { aclMatrixFillAt } from './012-acl-matrix-fill-at.ts';
import { lookupIndexes } from './013-lookup-indexes.ts';
import { metrics } from './020-metrics.ts';
import { nodesCheckInIndex } from './050-nodes-check-in-index.ts';
import { alerts } from './055-alerts.ts';
import { metricsSeries } from './061-metrics-series.ts';
import { replicaSync } from './062-replica-sync.ts';
import { sharedWork } from './063-shared-work.ts';

/** The one migration set, applied in key order on SQLite and PostgreSQL alike. Append; never edit a shipped one. */
export const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-networks': networks,
  '003-devices': devices,
  '004-identity': identity,
  '005-ra-server': remoteAccess,
  '006-nodes-last-modified': nodesLastModified,
  '007-access-control': accessControl,
  '008-activity': activity,
  '009-branding': branding,
  '010-internet-fail-mode': internetFailMode,
  '011-acl-matrix-fill': aclMatrixFill,
  '012-acl-matrix-fill-at': aclMatrixFillAt,
  '013-lookup-indexes': lookupIndexes,
  '020-metrics': metrics,
  '050-nodes-check-in-index': nodesCheckInIndex,
  '055-alerts': alerts,
  '061-metrics-series': metricsSeries,
  '062-replica-sync': replicaSync,
  '063-shared-work': sharedWork,
};
