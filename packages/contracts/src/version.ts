// Its own module, free of zod: the console's boot code reads it, and package.json's `sideEffects: false`
// lets the bundler leave every schema module out of a chunk that only needs this constant.
/** UI version shown in the sidebar with a v prefix (spec §9). */
export const UI_VERSION = '0.30.0';
