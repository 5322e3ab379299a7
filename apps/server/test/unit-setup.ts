import { vi } from 'vitest';

/*
 * The unit project's files share their worker (`isolate: false` in vitest.config.ts, decision 068): a fresh
 * process per file cost more than most of the files' tests. What a file could leave behind for the next one is
 * reset here, before each file, so each file starts as it would in a worker of its own: the project's own modules
 * are imported afresh (module-level state starts over and a file's vi.mock reaches every module it imports;
 * libraries in node_modules stay loaded), fake timers and stubbed globals and environment variables are undone.
 */
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
