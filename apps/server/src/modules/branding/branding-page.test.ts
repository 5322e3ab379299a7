import { DEFAULT_BRANDING } from '@meshdeck/contracts/branding';
import { describe, expect, it } from 'vitest';
import { brandIndexPage } from './branding-page.ts';

// The parts of apps/web/index.html the branding rewrites.
const indexHtml = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
  '    <title>Meshdeck</title>',
  '  </head>',
  '  <body>',
  '    <div id="splash" role="progressbar" aria-label="Loading Meshdeck"><div class="splash-ring"></div></div>',
  '  </body>',
  '</html>',
].join('\n');
const branded = (productName: string) =>
  brandIndexPage(indexHtml, { ...DEFAULT_BRANDING, product_name: productName, is_custom: true });
const asHtmlText = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('brandIndexPage', () => {
  it("brandIndexPage -> when the product name holds replacement patterns ($`, $&, $', $1), the page carries them as text", () => {
    for (const name of ['A$`B', 'A$&B', "A$'B", 'A$1B', 'A$$B', 'A$<x>B']) {
      const html = branded(name);
      expect(titleOf(html)).toBe(asHtmlText(name));
      expect(html).toContain(`aria-label="Loading ${asHtmlText(name)}"`);
      // The head is there once: nothing of the page was copied into the title, the splash or the meta element.
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
    }
  });

  it('brandIndexPage -> when the product name holds HTML, the page carries it escaped', () => {
    const html = branded('<script>alert(1)</script>"&');
    expect(titleOf(html)).toBe('&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#38;');
    expect(html).not.toContain('<script>alert(1)');
  });
});
