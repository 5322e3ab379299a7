import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../config.ts';
import { BROKER_SECRET_KEY, BrokerCredentials } from '../broker/broker-credentials.ts';
import { openDatabase } from '../db/client.ts';
import { brokerHosts } from '../modules/hosts/hosts.module.ts';
import { nodeRecords } from '../modules/nodes/nodes.module.ts';
import { serverSettings } from '../modules/server/server.public.ts';
import { mosquittoFiles, writeIfChanged } from './mosquitto-files.ts';

const USAGE = `usage: npm run mosquitto-files -w @meshdeck/server -- [--password-file FILE] [--acl-file FILE]
Writes Mosquitto's password_file and acl_file from the server's database (same environment as the server:
DATA_DIR or DATABASE_URL, SERVER_NAME, and MQTT_URL with the server's own account, mqtt://USER:PASSWORD@host:port).
Defaults: $DATA_DIR/mosquitto/passwd and $DATA_DIR/mosquitto/acl. Reload Mosquitto afterwards (kill -HUP).`;

/** Generates the files; exit 0 with one line saying what was written, 1 with one line saying what is wrong. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'password-file': { type: 'string' },
      'acl-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const config = loadConfig();
  const url = config.mqtt.url ? new URL(config.mqtt.url) : undefined;
  if (!url?.username || !url.password)
    throw new ConfigError(
      "MQTT_URL must name the external broker with the server's own account: mqtt://USER:PASSWORD@host:port",
    );
  const passwordFile = path.resolve(
    values['password-file'] ?? path.join(config.dataDir, 'mosquitto', 'passwd'),
  );
  const aclFile = path.resolve(values['acl-file'] ?? path.join(config.dataDir, 'mosquitto', 'acl'));
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    // The same secret the server derives agents' passwords from; created here when the server never ran yet.
    const secret = await serverSettings(database.db).getOrCreate(
      BROKER_SECRET_KEY,
      randomBytes(32).toString('base64url'),
    );
    const hosts = await brokerHosts(database, nodeRecords(database));
    const files = mosquittoFiles({
      serverName: config.serverName,
      serverAccount: {
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      },
      credentials: new BrokerCredentials(secret),
      hosts,
    });
    const changed = [writeIfChanged(passwordFile, files.passwords), writeIfChanged(aclFile, files.acl)].some(
      Boolean,
    );
    console.log(
      `${changed ? 'wrote' : 'unchanged:'} ${passwordFile} and ${aclFile} (${files.accounts} host accounts + the server's)${changed ? '; reload Mosquitto to apply' : ''}`,
    );
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
