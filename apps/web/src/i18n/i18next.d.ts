import 'i18next';
import type access from './access/en.json';
import type activity from './activity/en.json';
import type alerts from './alerts/en.json';
import type agentField from './agentField/en.json';
import type branding from './branding/en.json';
import type dashboard from './dashboard/en.json';
import type devices from './devices/en.json';
import type en from './en.json';
import type graph from './graph/en.json';
import type hello from './hello/en.json';
import type keys from './keys/en.json';
import type metrics from './metrics/en.json';
import type networks from './networks/en.json';
import type nodes from './nodes/en.json';
import type palette from './palette/en.json';
import type people from './people/en.json';
import type remoteAccess from './remoteAccess/en.json';
import type routing from './routing/en.json';
import type transfer from './transfer/en.json';

// Typed keys: a misspelt or missing translation key fails the type check instead of showing the raw key. The
// start namespaces come from en.json, each feature namespace from its own folder (decision 044).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en & {
      access: typeof access;
      activity: typeof activity;
      alerts: typeof alerts;
      agentField: typeof agentField;
      branding: typeof branding;
      dashboard: typeof dashboard;
      devices: typeof devices;
      graph: typeof graph;
      hello: typeof hello;
      keys: typeof keys;
      metrics: typeof metrics;
      networks: typeof networks;
      nodes: typeof nodes;
      palette: typeof palette;
      people: typeof people;
      remoteAccess: typeof remoteAccess;
      routing: typeof routing;
      transfer: typeof transfer;
    };
  }
}
