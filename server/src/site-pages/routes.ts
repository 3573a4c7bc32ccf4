import { SITE_ROUTES, type SiteRoute } from '@app/contract';

/** A page path of the web app matched against the router's patterns (contract SITE_ROUTES). */
export interface MatchedRoute {
  route: SiteRoute;
  params: Record<string, string>;
  /** The page's address without the optional parts (a lander's slug): its canonical path. */
  canonicalPath: string;
}

interface CompiledRoute {
  route: SiteRoute;
  regex: RegExp;
  names: string[];
  /** Static segments first (as the router ranks them): /credits/repeat-order before /credits/:id. */
  rank: number;
}

function compile(route: SiteRoute): CompiledRoute {
  const names: string[] = [];
  let pattern = '';
  let rank = 0;
  for (const segment of route.path.split('/').filter(Boolean)) {
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      pattern += optional ? '(?:/([^/]+))?' : '/([^/]+)';
      rank += 1;
    } else {
      pattern += `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`;
      rank += 10;
    }
  }
  // like the router: case-insensitive, one trailing slash allowed
  return { route, regex: new RegExp(`^${pattern}/?$`, 'i'), names, rank };
}

/** The page routes (the catch-alls are what no route matches: a 404). */
const COMPILED = SITE_ROUTES.filter((route) => route.kind !== 'not-found')
  .map(compile)
  .sort((a, b) => b.rank - a.rank);

/** The route of a request path, or null for an unknown address (HTTP 404). */
export function matchRoute(pathname: string): MatchedRoute | null {
  for (const { route, regex, names } of COMPILED) {
    const found = regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      if (found[i + 1] !== undefined) params[name] = found[i + 1];
    });
    const only = route.only ?? {};
    if (Object.entries(only).some(([name, values]) => !values.includes(params[name] ?? ''))) {
      continue;
    }
    return { route, params, canonicalPath: fill(route.path, params) };
  }
  return null;
}

/** A pattern with its required parameters filled in and its optional ones left out. */
export function fill(pattern: string, params: Record<string, string>): string {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment.endsWith('?')) return [];
      if (segment.startsWith(':')) return [params[segment.slice(1)] ?? ''];
      return [segment];
    });
  return `/${segments.join('/')}`;
}

/** Each concrete address of the indexable pages (the sitemap): token pages one by one. */
export function indexablePaths(): { route: SiteRoute; path: string }[] {
  return SITE_ROUTES.filter((route) => route.indexable).flatMap((route) => {
    const [name, values] = Object.entries(route.only ?? {})[0] ?? [];
    if (!name) return [{ route, path: fill(route.path, {}) }];
    return values.map((value) => ({ route, path: fill(route.path, { [name]: value }) }));
  });
}
