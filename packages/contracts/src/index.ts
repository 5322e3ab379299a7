export * from './envelope.ts';
export * from './server.ts';
export * from './users.ts';
export * from './events.ts';
