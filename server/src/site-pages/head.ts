import { INLINE_SETTINGS_ID, SUPPORTED_LANGUAGES, type Language } from '@app/contract';

/** HTML text and attribute escaping: every value from settings, texts or the request. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Open Graph locales of the site's languages. */
export const OG_LOCALES: Record<Language, string> = {
  nl: 'nl_NL',
  en: 'en_GB',
  de: 'de_DE',
  es: 'es_ES',
  fr: 'fr_FR',
  it: 'it_IT',
  pl: 'pl_PL',
};

/** The image search engines and link previews show: the app icon (web/public/icons). */
export const OG_IMAGE_PATH = '/icons/icon-512.png';

export interface PageHead {
  title: string;
  description: string;
  siteName: string;
  language: Language;
  indexable: boolean;
  /** The page's own absolute address, or null for a page that does not exist (404, 410). */
  canonical: string | null;
  /**
   * Absolute address of the page in each language the site offers, for `hreflang` (indexable
   * pages only).
   */
  alternates: (Partial<Record<Language, string>> & { 'x-default': string }) | null;
  /** The address for og:url (the canonical one, or the requested one). */
  url: string;
  origin: string;
}

/** The tags of a page's head: title, description, robots, canonical, hreflang, Open Graph. */
export function renderHead(head: PageHead): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}" />`,
    `<meta name="robots" content="${head.indexable ? 'index,follow' : 'noindex'}" />`,
  ];
  if (head.canonical) tags.push(`<link rel="canonical" href="${e(head.canonical)}" />`);
  if (head.alternates) {
    for (const [code, href] of Object.entries(head.alternates)) {
      tags.push(`<link rel="alternate" hreflang="${code}" href="${e(href)}" />`);
    }
  }
  tags.push(
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${e(head.siteName)}" />`,
    `<meta property="og:title" content="${e(head.title)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(head.url)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[head.language]}" />`,
  );
  if (head.alternates) {
    for (const code of SUPPORTED_LANGUAGES) {
      if (code !== head.language && head.alternates[code]) {
        tags.push(`<meta property="og:locale:alternate" content="${OG_LOCALES[code]}" />`);
      }
    }
  }
  tags.push(
    `<meta property="og:image" content="${e(head.origin + OG_IMAGE_PATH)}" />`,
    `<meta property="og:image:width" content="512" />`,
    `<meta property="og:image:height" content="512" />`,
    `<meta name="twitter:card" content="summary" />`,
  );
  return tags.join('\n    ');
}

/**
 * The settings answer (GET /api/settings.php) as a JSON data block in the page, so the web app
 * renders without waiting for that request. A data block is not run (CSP allows it); `<` is
 * written \u003c so no value can end the element.
 */
export function renderInlineSettings(answer: unknown): string {
  return renderJsonBlock(INLINE_SETTINGS_ID, answer);
}

/** A JSON data block: nothing in it can end the script element (`<` is written \\u003c). */
export function renderJsonBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
