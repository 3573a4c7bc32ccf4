import type { Language } from '@app/contract';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's look, inline (the page is served by the API, outside the web app). */
const STYLE = `
  body { margin: 0; min-height: 100vh; display: flex; flex-direction: column;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    background: #f8f9fa; color: #212529; line-height: 1.5; }
  header { background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.08); padding: .75rem 1rem; }
  header span { color: #6f42c1; font-weight: 700; font-size: 1.25rem; }
  main { flex: 1; display: flex; align-items: flex-start; justify-content: center; padding: 3rem 1rem; }
  .card { background: #fff; border-radius: 1rem; box-shadow: 0 .125rem .25rem rgba(0,0,0,.075);
    padding: 2rem; max-width: 32rem; width: 100%; box-sizing: border-box; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  .notice { background: #fff3cd; color: #664d03; border: 1px solid #ffe69c; border-radius: .5rem;
    padding: .75rem 1rem; margin: 0 0 1.5rem; }
  a.button { display: inline-block; background: #6f42c1; color: #fff; text-decoration: none;
    border-radius: 50rem; padding: .5rem 1.5rem; }
  a.button:hover, a.button:focus { background: #59359a; }
`;

/**
 * The page a data export link answers with when it cannot hand the ZIP over (the link is opened
 * in a browser): why, in the member's language, and the way on (log in, or the account page).
 */
export function refusalPage(page: {
  language: Language;
  site: string;
  title: string;
  error: string;
  message: string;
  href: string;
  label: string;
}): string {
  const title = escapeHtml(page.title);
  return (
    `<!doctype html><html lang="${page.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title} – ${escapeHtml(page.site)}</title><style>${STYLE}</style></head><body>` +
    `<header><span>${escapeHtml(page.site)}</span></header>` +
    `<main><div class="card"><h1>${title}</h1>` +
    `<p class="notice" role="alert" data-error="${escapeHtml(page.error)}">${escapeHtml(page.message)}</p>` +
    `<a class="button" href="${escapeHtml(page.href)}">${escapeHtml(page.label)}</a>` +
    `</div></main></body></html>`
  );
}
