import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HostView } from '@/lib/api/host-view.ts';
import { formatVersion } from '@/lib/format.ts';
import { FieldsCard } from './fields-card.tsx';

/** Every host field of features §3.8, plus NAT and firewall, in the console's words. */
export function HostFieldsCard({ host, title }: { host: HostView; title: string }) {
  const { t } = useTranslation('devices');
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  return (
    <FieldsCard
      title={title}
      fields={[
        { label: t('fields.id'), value: host.id },
        { label: t('fields.endpointIpv4'), value: host.endpointIpv4 },
        { label: t('fields.endpointIpv6'), value: host.endpointIpv6 },
        { label: t('fields.staticEndpoint'), value: yesNo(host.isStaticEndpoint) },
        { label: t('fields.listenPort'), value: host.listenPort },
        { label: t('fields.staticPort'), value: yesNo(host.isStaticPort) },
        { label: t('fields.macAddress'), value: host.macAddress },
        { label: t('fields.keepalive'), value: host.keepaliveSeconds },
        { label: t('fields.mtu'), value: host.mtu },
        { label: t('fields.publicKey'), value: host.publicKey },
        {
          label: t('fields.os'),
          value: [host.os, host.osFamily, host.kernelVersion].filter(Boolean).join(' · '),
        },
        { label: t('fields.version'), value: formatVersion(host.version) },
        { label: t('fields.verbosity'), value: host.verbosity },
        { label: t('fields.defaultInterface'), value: host.defaultInterface },
        { label: t('fields.isDefault'), value: yesNo(host.isDefault) },
        { label: t('fields.debug'), value: yesNo(host.isDebug) },
        { label: t('fields.autoUpdate'), value: yesNo(host.isAutoUpdate) },
        { label: t('fields.firewall'), value: host.firewall },
        {
          label: t('fields.nat'),
          value: host.isBehindNat ? (
            <Badge color="yellow" variant="light" w="fit-content">
              {t('badges.behindNat')}
            </Badge>
          ) : (
            t('natPublic')
          ),
        },
      ]}
    />
  );
}
