import { Group, Paper, Stack, Text } from '@mantine/core';
import { isLightColor } from '@meshdeck/contracts/branding-colors';
import { IconTopologyRing3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface BrandingPreviewProps {
  scheme: 'light' | 'dark';
  productName: string;
  color: string;
  logo: string | null;
}

const SURFACE = {
  light: { background: '#ffffff', text: '#000000', border: '#dee2e6' },
  dark: { background: '#1a1b1e', text: '#c9c9c9', border: '#373a40' },
};

/**
 * How the sidebar's header and a primary button will look in one theme, whatever theme the page is in: drawn
 * with the chosen values, not the theme in effect (that changes after a reload).
 */
export function BrandingPreview({ scheme, productName, color, logo }: BrandingPreviewProps) {
  const { t } = useTranslation('branding');
  const surface = SURFACE[scheme];
  const isColor = /^#[0-9a-f]{6}$/i.test(color);
  return (
    <Paper
      withBorder
      p="md"
      style={{ background: surface.background, color: surface.text, borderColor: surface.border, flex: 1 }}
      aria-label={t(scheme === 'dark' ? 'previewDark' : 'previewLight')}
      role="figure"
    >
      <Stack gap="sm">
        <Text fz="xs" style={{ opacity: 0.7 }}>
          {t(scheme === 'dark' ? 'previewDark' : 'previewLight')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {logo ? (
            <img src={logo} alt="" style={{ maxHeight: 32, maxWidth: 160 }} />
          ) : (
            <IconTopologyRing3 size={28} color={isColor ? color : undefined} aria-hidden />
          )}
          <Text fw={700} fz="lg">
            {productName}
          </Text>
        </Group>
        <span
          style={{
            alignSelf: 'flex-start',
            padding: '6px 14px',
            borderRadius: 8,
            fontSize: 14,
            fontWeight: 600,
            background: isColor ? color : 'transparent',
            color: isColor && isLightColor(color) ? '#000000' : '#ffffff',
          }}
        >
          {t('previewButton')}
        </span>
      </Stack>
    </Paper>
  );
}
