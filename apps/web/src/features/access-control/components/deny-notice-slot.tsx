import { lazy, Suspense } from 'react';
import { useNetworks } from '@/lib/networks-query.ts';

const DenyNotice = lazy(() => import('./deny-notice.tsx').then((module) => ({ default: module.DenyNotice })));

/**
 * Where a page shows the DENY notice: its code, its policy query and its strings load only for a network whose
 * default access is DENY, so the nodes page of every other network downloads nothing more (issue 32).
 */
export function DenyNoticeSlot({ networkId }: { networkId: string }) {
  const network = useNetworks().data?.find((item) => item.netId === networkId);
  if (network?.defaultAcl !== false) return null;
  return (
    <Suspense fallback={null}>
      <DenyNotice networkId={networkId} />
    </Suspense>
  );
}
