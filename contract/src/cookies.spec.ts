/**
 * The cookie page lists what the site really sets: this reads the web's and the server's sources
 * for every place that sets a cookie or a storage key (res.cookie, document.cookie,
 * localStorage/sessionStorage.setItem, a storage passed in, a remembered dismissal, a library
 * component that stores something), works out the name from the literal, constant, template or
 * helper it is built from, and checks that
 * SITE_COOKIES lists it (tests/e2e/static-pages.e2e.ts checks the same in a real browser).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SITE_COOKIES, SITE_ENTRY_SKIP_KEY, type SiteCookie } from './cookies';
import { STAFF_COOKIE, STAFF_SESSION_HOURS } from './api/staff';

const ROOT = join(__dirname, '..', '..');
const SOURCES = ['web/src', 'server/src', 'contract/src'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec|e2e-spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

const sources = SOURCES.flatMap((dir) => files(join(ROOT, dir))).map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));
const everything = sources.map((s) => s.text).join('\n');

/** The expression from `text[start]` up to the first top-level `,`, `)` or `;`. */
function expressionAt(text: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      else if (quote === '`' && c === '$' && text[i + 1] === '{') {
        // a template's ${…}: skip to its closing brace
        let inner = 0;
        for (i += 1; i < text.length; i++) {
          if (text[i] === '{') inner++;
          else if (text[i] === '}' && --inner === 0) break;
        }
      }
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return text.slice(start, i).trim();
      depth--;
    } else if ((c === ',' || c === ';') && depth === 0) return text.slice(start, i).trim();
  }
  return text.slice(start).trim();
}

/** The first match of `pattern` in the file itself, else anywhere in the sources. */
function lookUp(pattern: RegExp, local: string): { text: string; at: number } | null {
  for (const text of [local, everything]) {
    const match = pattern.exec(text);
    if (match) return { text, at: match.index + match[0].length };
  }
  return null;
}

/**
 * What a name-building expression starts with: the literal text before anything variable.
 * Constants and helpers are looked up in the file (`local`) first, then in all the sources.
 */
function resolve(expression: string, local: string, seen = new Set<string>()): string | null {
  const expr = expression.trim();
  if (seen.has(expr)) return null;
  seen.add(expr);
  // `cond ? key : null`: the key
  const ternary = /^[^?`'"]+\?\s*([\s\S]+?)\s*:\s*null$/.exec(expr);
  if (ternary) return resolve(ternary[1], local, seen);
  const literal = /^(['"])([^'"]*)\1$/.exec(expr);
  if (literal) return literal[2];
  if (expr.startsWith('`')) {
    const body = expr.slice(1, expr.lastIndexOf('`'));
    const variable = body.indexOf('${');
    if (variable > 0) return body.slice(0, variable);
    if (variable === -1) return body;
    const close = body.indexOf('}', variable);
    const head = resolve(body.slice(variable + 2, close), local, seen);
    if (head === null) return null;
    const rest = body.slice(close + 1);
    const next = rest.indexOf('${');
    return head + (next === -1 ? rest : rest.slice(0, next));
  }
  const identifier = /^[A-Za-z_$][\w$]*$/.exec(expr);
  if (identifier) {
    const constant = lookUp(new RegExp(`const ${expr}(?:\\s*:[^=]+)?\\s*=\\s*`), local);
    return constant ? resolve(expressionAt(constant.text, constant.at), local, seen) : null;
  }
  const call = /^([A-Za-z_$][\w$]*)\(/.exec(expr);
  if (call) {
    const name = call[1];
    const arrow = lookUp(
      new RegExp(`const ${name}\\s*=\\s*\\([^)]*\\)(?:\\s*:[^=]+)?\\s*=>\\s*`),
      local,
    );
    if (arrow) return resolve(expressionAt(arrow.text, arrow.at), local, seen);
    const fn = lookUp(new RegExp(`function ${name}\\([^)]*\\)[^{]*\\{[\\s\\S]*?return\\s+`), local);
    if (fn) return resolve(expressionAt(fn.text, fn.at), local, seen);
  }
  return null;
}

/** The storage a file hands in by default: the one of the two it names (else unknown). */
function storageOf(text: string): SiteCookie['kind'] {
  const local = /\blocalStorage\b/.test(text);
  const session = /\bsessionStorage\b/.test(text);
  if (local !== session) return local ? 'localStorage' : 'sessionStorage';
  throw new Error('a file hands in a storage without naming which one it defaults to');
}

type Found = { name: string | null; kind: SiteCookie['kind']; at: string; perMember: boolean };

/** Every place that sets a cookie or a storage key, with the name it sets. */
function setters(): Found[] {
  const patterns: [RegExp, SiteCookie['kind'] | 'storage'][] = [
    [/\bres\.cookie\(/g, 'cookie'],
    [/\bdocument\.cookie\s*=\s*/g, 'cookie'],
    [/\blocalStorage\??\.setItem\(/g, 'localStorage'],
    [/\bsessionStorage\??\.setItem\(/g, 'sessionStorage'],
    // a storage handed in (its kind: the one storage the file defaults to)
    [/\bstorage\??\.setItem\(/g, 'storage'],
    // DismissibleAlert's remembered dismissal (window.localStorage)
    [/\buseRememberedDismissal\(/g, 'localStorage'],
  ];
  const found: Found[] = [];
  // what a library sets when the site uses it: [how the site uses it, name, kind]
  const libraries: [RegExp, string, SiteCookie['kind']][] = [
    [/<ScrollRestoration\b/, 'react-router-scroll-positions', 'sessionStorage'],
  ];
  for (const source of sources) {
    for (const [use, name, kind] of libraries)
      if (use.test(source.text))
        found.push({ name, kind, at: `${source.path}: ${String(use)}`, perMember: false });
    for (const [pattern, setter] of patterns) {
      for (const match of source.text.matchAll(pattern)) {
        const kind = setter === 'storage' ? storageOf(source.text) : setter;
        const expression = expressionAt(source.text, match.index + match[0].length);
        // the hook's own body passes its parameter on
        if (expression === 'key' || expression === 'key: string | null') continue;
        const at = `${source.path}: ${match[0]}${expression}`;
        let name = resolve(expression, source.text);
        if (name !== null && kind === 'cookie' && match[0].startsWith('document'))
          name = name.split('=')[0];
        const perMember = name?.endsWith(':') ?? false;
        found.push({ name: perMember ? name!.slice(0, -1) : name, kind, at, perMember });
      }
    }
  }
  return found;
}

describe('the cookie list (SITE_COOKIES)', () => {
  const found = setters();

  it('finds the places the site sets its cookies and storage keys', () => {
    const names = found.map((f) => f.name);
    for (const name of [
      'sid',
      'device',
      'ssid',
      'locale',
      'signup_tracking',
      'chunk-reload-at',
      'last_chat',
    ])
      expect(names).toContain(name);
    expect(found.find((f) => f.name === 'time-bonus-dismissed')?.perMember).toBe(true);
  });

  it('can tell the name of every cookie and storage key the code sets', () => {
    expect(found.filter((f) => f.name === null || f.name === '').map((f) => f.at)).toEqual([]);
  });

  it('lists every cookie and storage key the code sets, of the kind it is', () => {
    const missing = found
      .filter(
        (f) =>
          !SITE_COOKIES.some(
            (c) => c.name === f.name && c.kind === f.kind && !!c.perMember === f.perMember,
          ),
      )
      .map((f) => `${f.at} -> ${f.kind} "${f.name}"${f.perMember ? ' (per member)' : ''}`);
    expect(missing).toEqual([]);
  });

  it('lists nothing the code does not set (besides the entry warning, which sets its key when built)', () => {
    const pending = new Set([SITE_ENTRY_SKIP_KEY]);
    const stale = SITE_COOKIES.filter(
      (c) => !pending.has(c.name) && !found.some((f) => f.name === c.name),
    ).map((c) => c.name);
    expect(stale).toEqual([]);
  });

  it('gives each cookie the lifetime the code gives it', () => {
    const days = (name: string) => SITE_COOKIES.find((c) => c.name === name)?.days;
    const trusted = /TRUSTED_DEVICE_DAYS = (\d+)/.exec(everything);
    expect(days('device')).toBe(Number(trusted?.[1]));
    expect(days(STAFF_COOKIE)).toBe(STAFF_SESSION_HOURS / 24);
  });

  it('gives each entry a unique name, a purpose text and a lifetime', () => {
    const names = SITE_COOKIES.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const cookie of SITE_COOKIES) {
      expect(cookie.purpose).toMatch(/^cookies\.purpose\.\w+$/);
      expect(cookie.days === null || cookie.days >= 0).toBe(true);
    }
  });
});
