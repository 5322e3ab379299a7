/**
 * Status labels and colours of spec §4, and how a host's status follows from its nodes. Kept apart from the
 * badge so the mapping is tested without rendering.
 */
export type StatusLabel = 'error' | 'unstable' | 'healthy' | 'offline' | 'enabled' | 'disabled' | 'unknown';

export interface StatusDisplay {
  label: StatusLabel;
  color: string;
}

const DISPLAY: Record<string, StatusDisplay> = {
  error: { label: 'error', color: 'red' },
  warning: { label: 'unstable', color: 'orange' },
  online: { label: 'healthy', color: 'green' },
  offline: { label: 'offline', color: 'gray' },
  enabled: { label: 'enabled', color: 'teal' },
  disabled: { label: 'disabled', color: 'gray' },
};

const UNKNOWN: StatusDisplay = { label: 'unknown', color: 'dark' };

/** Spec §4: error, warning, online, offline, enabled, disabled; anything else (or nothing) is Unknown. */
export function statusDisplay(status: string | null | undefined): StatusDisplay {
  return (status && Object.hasOwn(DISPLAY, status) ? DISPLAY[status] : undefined) ?? UNKNOWN;
}

// Worst first: an error needs attention before a silent node, which needs it before a flaky one.
const SEVERITY: Record<string, number> = {
  error: 5,
  offline: 4,
  warning: 3,
  unknown: 2,
  disabled: 1,
  enabled: 0,
  online: 0,
};
const severity = (status: string) => SEVERITY[status] ?? SEVERITY.unknown ?? 2;

/** A host's status is the worst of its nodes' statuses; a host without nodes is unknown. */
export function worstStatus(statuses: readonly string[]): string {
  let worst: string | undefined;
  for (const status of statuses)
    if (worst === undefined || severity(status) > severity(worst)) worst = status;
  return worst ?? 'unknown';
}

/** Spec §4: a host is behind NAT when its nat_type is set and is not "public". */
export const isBehindNat = (natType: string | null | undefined): boolean =>
  Boolean(natType) && natType !== 'public';
