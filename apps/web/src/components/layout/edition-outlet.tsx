import { Outlet, useMatches } from '@tanstack/react-router';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { ProUpgradePage } from './pro-upgrade-page.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A Pro page (spec §2: relays, internet gateways, tag manager, analytics, groups and roles). */
    isProOnly?: boolean;
  }
}

export interface EditionOutletProps {
  isPro: boolean;
  /** False until the first server status answer: the edition is not known yet. */
  isLoaded: boolean;
}

/**
 * The page, unless it is a Pro page on a community server: then what Pro adds, instead of a page whose calls the
 * server does not have (a Pro page opened by URL rendered and failed with "route not found", issue 30).
 */
export function EditionOutlet({ isPro, isLoaded }: EditionOutletProps) {
  const isProOnly = useMatches({ select: (matches) => matches.some((match) => match.staticData.isProOnly) });
  if (!isProOnly || isPro) return <Outlet />;
  return isLoaded ? <ProUpgradePage /> : <CenteredLoader />;
}
