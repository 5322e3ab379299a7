import { z } from 'zod';

/**
 * The release feed RELEASES_URL points at (Meshdeck's own format, documented in README "Upgrade check"): a JSON
 * object listing published versions. Unknown fields are ignored so a feed can carry more than the server reads.
 */
export const releaseFeedSchema = z.object({
  releases: z
    .array(
      z.object({
        version: z.string().min(1).max(64),
        url: z
          .url({ protocol: /^https?$/ })
          .max(2048)
          .optional(),
        published_at: z.string().max(64).optional(),
      }),
    )
    .max(10_000),
});
export type ReleaseFeed = z.infer<typeof releaseFeedSchema>;

/**
 * GET /api/v1/server/upgrade (Meshdeck): the upgrade check's last result. `enabled` is false when RELEASES_URL is
 * unset or the console is hosted; `latest_version` is '' until the feed has been read once.
 */
export const upgradeCheckSchema = z.object({
  enabled: z.boolean(),
  current_version: z.string(),
  latest_version: z.string(),
  is_newer: z.boolean(),
  release_url: z.string(),
  checked_at: z.string(),
  /** Why the last read of the feed failed ('' after a good read), so an operator sees a dead feed. */
  error: z.string(),
});
export type UpgradeCheck = z.infer<typeof upgradeCheckSchema>;

export const downloadOses = ['linux', 'any'] as const;

/** One file this server offers under /meshclient/files/, with the sha256 of its bytes as served. */
export const clientDownloadSchema = z.object({
  name: z.string(),
  /** 'any' for the Node.js bundle, which runs wherever Node.js 24 does. */
  os: z.enum(downloadOses),
  /** Node.js architecture names (x64, arm64); 'any' for the bundle. */
  arch: z.string(),
  kind: z.enum(['agent-executable', 'agent-bundle']),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Path on this server, under the contract's /meshclient/files/ prefix. */
  url: z.string(),
});
export type ClientDownload = z.infer<typeof clientDownloadSchema>;

/** GET /api/v1/downloads (Meshdeck): the agent files this server holds, per OS and architecture. */
export const clientDownloadsSchema = z.object({
  version: z.string(),
  files: z.array(clientDownloadSchema),
});
export type ClientDownloads = z.infer<typeof clientDownloadsSchema>;
