import 'i18next';
import type access from './access/en.json';
import type activity from './activity/en.json';
import type en from './en.json';
import type palette from './palette/en.json';
import type transfer from './transfer/en.json';

// Typed keys: a misspelt or missing translation key fails the type check instead of showing the raw key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en & {
      access: typeof access;
      activity: typeof activity;
      palette: typeof palette;
      transfer: typeof transfer;
    };
  }
}
