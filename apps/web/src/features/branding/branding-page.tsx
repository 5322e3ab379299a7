import {
  BRANDING_LIMITS,
  brandingInputSchema,
  DEFAULT_BRANDING,
  type Branding,
  type BrandingInput,
} from '@meshdeck/contracts/branding';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { describeError } from '@/lib/error-message.ts';
import { useBranding, useUpdateBranding } from './api/branding.ts';
import { applyBranding, parseBranding } from '@/lib/branding.ts';
import { BrandingPreview } from './components/branding-preview.tsx';
import { ColorField } from './components/color-field.tsx';
import { ImageField, type ImageChange } from './components/image-field.tsx';

type ImageKey = 'logo_light' | 'logo_dark' | 'favicon';
const IMAGE_KEYS: ImageKey[] = ['logo_light', 'logo_dark', 'favicon'];
const KEEP: ImageChange = { kind: 'keep' };
const LOGO_TYPES = 'image/png,image/jpeg,image/webp';
const FAVICON_TYPES = 'image/png,image/jpeg,image/webp,image/x-icon,image/vnd.microsoft.icon,.ico';

interface FormState {
  productName: string;
  colorLight: string;
  colorDark: string;
  images: Record<ImageKey, ImageChange>;
}

const fromBranding = (branding: Branding): FormState => ({
  productName: branding.product_name,
  colorLight: branding.primary_color_light,
  colorDark: branding.primary_color_dark,
  images: { logo_light: KEEP, logo_dark: KEEP, favicon: KEEP },
});

const imageValue = (change: ImageChange) =>
  change.kind === 'keep' ? undefined : change.kind === 'remove' ? null : change.base64;

/**
 * /branding (Pro, admins; spec §1 white-label): the product name, logos for the light and dark themes, the favicon
 * and the primary colour per theme, with previews. Saved in one request; the console, the sign-in page, the splash
 * and the tab show it after a reload, since the server writes it into the page itself.
 */
export function BrandingPage() {
  const branding = useBranding();
  if (branding.isError) return <LoadError error={branding.error} onRetry={branding.refetch} />;
  if (!branding.data) return <CenteredLoader />;
  return <BrandingForm stored={branding.data} />;
}

function BrandingForm({ stored }: { stored: Branding }) {
  const { t } = useTranslation('branding');
  const { t: tPages } = useTranslation('pages');
  const update = useUpdateBranding();
  const [form, setForm] = useState<FormState>(() => fromBranding(stored));
  const [fileError, setFileError] = useState<string | undefined>();
  const [isSaved, setIsSaved] = useState(false);

  const input: BrandingInput = {
    product_name: form.productName,
    primary_color_light: form.colorLight,
    primary_color_dark: form.colorDark,
    logo_light: imageValue(form.images.logo_light),
    logo_dark: imageValue(form.images.logo_dark),
    favicon: imageValue(form.images.favicon),
  };
  const checked = brandingInputSchema.safeParse(input);
  const fieldError = (field: 'product_name' | 'primary_color_light' | 'primary_color_dark') =>
    !checked.success && checked.error.issues.some((issue) => issue.path[0] === field)
      ? t(`errors.${field}`)
      : undefined;
  const shownImage = (key: ImageKey) => {
    const change = form.images[key];
    if (change.kind === 'upload') return change.preview;
    return change.kind === 'remove' ? null : (stored[key]?.url ?? null);
  };
  const edit = (patch: Partial<FormState>) => {
    setIsSaved(false);
    setForm({ ...form, ...patch });
  };
  const setImage = (key: ImageKey, change: ImageChange) => {
    setFileError(undefined);
    edit({ images: { ...form.images, [key]: change } });
  };

  const save = (body: BrandingInput) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        applyBranding(parseBranding(JSON.stringify(saved)));
        setForm(fromBranding(saved));
        setIsSaved(true);
      },
    });
  const resetToDefaults = () =>
    save({
      product_name: DEFAULT_BRANDING.product_name,
      primary_color_light: DEFAULT_BRANDING.primary_color_light,
      primary_color_dark: DEFAULT_BRANDING.primary_color_dark,
      logo_light: null,
      logo_dark: null,
      favicon: null,
    });

  const imageField = (key: ImageKey, scheme: 'light' | 'dark') => (
    <ImageField
      key={key}
      label={t(`fields.${key}`)}
      description={t(key === 'favicon' ? 'hints.favicon' : 'hints.logo')}
      storedUrl={stored[key]?.url ?? null}
      change={form.images[key]}
      accept={key === 'favicon' ? FAVICON_TYPES : LOGO_TYPES}
      maxBytes={key === 'favicon' ? BRANDING_LIMITS.faviconBytes : BRANDING_LIMITS.logoBytes}
      scheme={scheme}
      onChange={(change) => setImage(key, change)}
      onError={setFileError}
    />
  );

  return (
    <Stack p="md" maw={960}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        icon={<PageIcon page="branding" />}
        breadcrumbs={pageCrumbs(tPages, 'branding')}
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (checked.success) save(input);
        }}
      >
        <Stack gap="lg">
          <TextInput
            label={t('fields.product_name')}
            value={form.productName}
            error={fieldError('product_name')}
            maxLength={BRANDING_LIMITS.productName}
            onChange={(event) => edit({ productName: event.currentTarget.value })}
            maw={420}
          />
          <Group align="flex-start">
            <ColorField
              label={t('fields.primary_color_light')}
              value={form.colorLight}
              error={fieldError('primary_color_light')}
              onChange={(colorLight) => edit({ colorLight })}
            />
            <ColorField
              label={t('fields.primary_color_dark')}
              value={form.colorDark}
              error={fieldError('primary_color_dark')}
              onChange={(colorDark) => edit({ colorDark })}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {IMAGE_KEYS.map((key) => imageField(key, key === 'logo_dark' ? 'dark' : 'light'))}
          </SimpleGrid>
          <Group align="stretch" wrap="wrap">
            <BrandingPreview
              scheme="light"
              productName={form.productName}
              color={form.colorLight}
              logo={shownImage('logo_light') ?? shownImage('logo_dark')}
            />
            <BrandingPreview
              scheme="dark"
              productName={form.productName}
              color={form.colorDark}
              logo={shownImage('logo_dark') ?? shownImage('logo_light')}
            />
          </Group>
          {fileError ? <Alert color="red">{fileError}</Alert> : null}
          {update.isError ? (
            <Alert color="red" title={t('saveFailed')}>
              {describeError(update.error)}
            </Alert>
          ) : null}
          {isSaved ? (
            <Alert color="green" title={t('saved')}>
              <Group justify="space-between">
                <Text fz="sm">{t('reloadHint')}</Text>
                <Button size="xs" variant="light" onClick={() => window.location.reload()}>
                  {t('reload')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!checked.success}>
              {t('save')}
            </Button>
            <Button
              variant="default"
              onClick={resetToDefaults}
              disabled={update.isPending || !stored.is_custom}
            >
              {t('resetDefaults')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
