import type { Language } from '@app/contract';

/** Places in the prepared template; no page can contain them (nothing is put in before). */
const LANG = '\u0000lang\u0000';
const HEAD = '\u0000head\u0000';
const BODY = '\u0000body\u0000';

/** Where a server-rendered page goes in a template (public.html: `<div id="root">` holds it). */
export const BODY_MARKER = '<!--public-page-->';

const SLOTS = { lang: LANG, head: HEAD, body: BODY } as const;
type Slot = keyof typeof SLOTS;

/**
 * A built page of the web app (index.html; public.html with a server-rendered page in #root),
 * prepared once at start for string replacement: its `<title>`, robots and description tags are
 * taken out; each answer puts in `<html lang>`, the page's head (head.ts) and the rendered body.
 * No HTML parser per request: a few string joins.
 */
export class PageTemplate {
  private readonly parts: string[];
  private readonly order: Slot[];

  constructor(source: string) {
    let html = source
      .replace(BODY_MARKER, BODY)
      // comments are for the sources' readers, not for every page sent
      .replace(/<!--[\s\S]*?-->\s*/g, '')
      .replace(/<meta\s+name=["']?(robots|description)["']?[^>]*>\s*/gi, '')
      .replace(/<title>[\s\S]*?<\/title>/i, HEAD);
    if (!html.includes(HEAD)) {
      // no title: the head goes right after <head> (or <html>, or the doctype)
      const after =
        /<head\b[^>]*>/i.exec(html) ?? /<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
      const at = after ? after.index + after[0].length : 0;
      html = html.slice(0, at) + HEAD + html.slice(at);
    }
    html = html.replace(
      /<html\b([^>]*)>/i,
      (_tag, attributes: string) =>
        `<html${attributes.replace(/\s+lang=("[^"]*"|'[^']*'|[^\s>]*)/i, '')} lang="${LANG}">`,
    );
    this.parts = [];
    this.order = [];
    let rest = html;
    for (;;) {
      const next = (Object.keys(SLOTS) as Slot[])
        .map((slot) => ({ slot, at: rest.indexOf(SLOTS[slot]) }))
        .filter(({ at }) => at !== -1)
        .sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.parts.push(rest.slice(0, next.at));
      this.order.push(next.slot);
      rest = rest.slice(next.at + SLOTS[next.slot].length);
    }
    this.parts.push(rest);
  }

  /** The page: `lang`, `head` and `body` must be escaped already (head.ts, React do). */
  render(lang: Language, head: string, body = ''): string {
    const values: Record<Slot, string> = { lang, head, body };
    let out = this.parts[0];
    this.order.forEach((slot, i) => {
      out += values[slot] + this.parts[i + 1];
    });
    return out;
  }
}
