import { buildApp, type App } from '../app.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { preflight } from './preflight.ts';
import { describeStartupError } from './startup-errors.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Start-up problems end the process with one line on stderr naming what to change, never a stack: an operator
 * reads it in a service log. LOG_LEVEL=debug (or trace) adds the stack for whoever wants to dig.
 */
function fail(line: string, error: unknown, config?: Config): never {
  console.error(`meshdeck: ${line}`);
  const isVerbose = config?.logLevel === 'debug' || config?.logLevel === 'trace';
  if (isVerbose && error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
}

/** Reads the configuration, checks the environment, builds the app and listens; stops on SIGINT/SIGTERM. */
export async function runServer(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : describeStartupError(error, 'build'), error);
  }
  try {
    await preflight(config);
  } catch (error) {
    fail(describeStartupError(error, 'build', config), error, config);
  }
  let app: App;
  try {
    app = await buildApp(config);
  } catch (error) {
    fail(describeStartupError(error, 'build', config), error, config);
  }
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // A client that stops reading a download keeps its connection busy and close() waiting: give up after a while.
    setTimeout(() => {
      app.log.warn(
        { signal, waitedMs: SHUTDOWN_GRACE_MS },
        'connections still open: exiting without waiting for them',
      );
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    fail(describeStartupError(error, 'listen', config), error, config);
  }
}
