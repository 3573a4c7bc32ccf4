import type { Language } from '@app/contract';

/** Places in the prepared template; no page can contain them (nothing is put in before). */
const LANG = '\u0000lang\u0000';
const HEAD = '\u0000head\u0000';

/**
 * The built index.html of the web app, prepared once at start for string replacement: its
 * `<title>`, robots and description tags are taken out; each answer puts in `<html lang>` and
 * the page's head (head.ts). No HTML parser per request: three string joins.
 */
export class PageTemplate {
  private readonly parts: string[];
  private readonly order: ('lang' | 'head')[];

  constructor(source: string) {
    let html = source
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
      const lang = rest.indexOf(LANG);
      const head = rest.indexOf(HEAD);
      if (lang === -1 && head === -1) break;
      const slot = lang !== -1 && (head === -1 || lang < head) ? 'lang' : 'head';
      const at = slot === 'lang' ? lang : head;
      this.parts.push(rest.slice(0, at));
      this.order.push(slot);
      rest = rest.slice(at + (slot === 'lang' ? LANG : HEAD).length);
    }
    this.parts.push(rest);
  }

  /** The page: `lang` and `head` must be escaped already (head.ts does). */
  render(lang: Language, head: string): string {
    let out = this.parts[0];
    this.order.forEach((slot, i) => {
      out += (slot === 'lang' ? lang : head) + this.parts[i + 1];
    });
    return out;
  }
}
