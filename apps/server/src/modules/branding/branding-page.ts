import type { Branding } from '@meshdeck/contracts/branding';
import { brandCss } from '@meshdeck/contracts/branding-colors';

/** The console reads the branding from this meta element (apps/web/src/lib/branding.ts), so it costs no request. */
export const BRANDING_META_NAME = 'meshdeck-branding';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ');

/**
 * index.html with the branding in effect, before any script runs: the tab title, the favicon, the splash (its
 * logo and ring colour) and the primary colour's CSS variables for the sign-in page, plus the branding itself as
 * JSON in a meta element for the console. Inline style is what the CSP already allows (styleSrc 'unsafe-inline');
 * no inline script is added. An unbranded server sends the page untouched.
 */
export function brandIndexPage(html: string, branding: Branding): string {
  if (!branding.is_custom) return html;
  const name = escapeHtml(branding.product_name);
  const splashLogo = branding.logo_dark ?? branding.logo_light;
  const dark = branding.primary_color_dark;
  const style = [
    brandCss({ light: branding.primary_color_light, dark }),
    `#splash .splash-ring{border-color:rgba(${rgb(dark)}, 0.25);border-top-color:${dark}}`,
    '#splash{flex-direction:column;gap:24px}',
    '#splash .splash-logo{max-width:240px;max-height:96px;object-fit:contain}',
  ].join('');
  const head = [
    `<meta name="${BRANDING_META_NAME}" content="${escapeHtml(JSON.stringify(branding))}" />`,
    `<style id="branding-style">${style}</style>`,
  ].join('\n    ');
  // Every replacement is a function: a replacement string would read `$\``, `$&`, `$1` ... in the product name as
  // patterns (`$\`` copies the page before the match into it), and these texts come from an admin.
  let page = html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(/(<div id="splash"[^>]*aria-label="Loading )[^"]*"/, (_, start: string) => `${start}${name}"`)
    .replace('</head>', () => `  ${head}\n  </head>`);
  if (branding.favicon) {
    const { content_type: type, url } = branding.favicon;
    page = page.replace(
      /<link rel="icon"[^>]*>/,
      () => `<link rel="icon" type="${escapeHtml(type)}" href="${escapeHtml(url)}" />`,
    );
  }
  if (splashLogo)
    page = page.replace(
      '<div class="splash-ring">',
      () => `<img class="splash-logo" src="${escapeHtml(splashLogo.url)}" alt="" /><div class="splash-ring">`,
    );
  return page;
}
