/**
 * React Router's part that the public pages use, for the public entry (vite.public.config.ts puts
 * this module in place of `react-router` there): the same names, but every link is a plain
 * address the browser loads, since a visitor's first page has no router (≈ 31 KB gzip saved).
 * The page's address and parameters come from the server's match (PublicRouteProvider); the
 * page a link leads to is served by the full app.
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';

/** Where the public page is: its address and the route's parameters, and the page in a layout. */
export interface PublicRoute {
  pathname: string;
  search: string;
  hash: string;
  params: Readonly<Record<string, string | undefined>>;
  /** What a layout's <Outlet /> shows. */
  outlet?: ReactNode;
}

const RouteContext = createContext<PublicRoute & { setSearch: (search: string) => void }>({
  pathname: '/',
  search: '',
  hash: '',
  params: {},
  setSearch: () => undefined,
});

/**
 * The route, with its query as state: a page that changes its query (the visitor search's
 * filters) is rendered again, and so it is when the browser's back button steps through them.
 */
export function PublicRouteProvider({
  route,
  children,
}: {
  route: PublicRoute;
  children: ReactNode;
}) {
  const [search, setSearch] = useState(route.search);
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const value = useMemo(() => ({ ...route, search, setSearch }), [route, search]);
  return <RouteContext.Provider value={value}>{children}</RouteContext.Provider>;
}

type To = string | { pathname?: string; search?: string; hash?: string };

function addressOf(to: To): string {
  return typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  end?: boolean;
}

export function Link({
  to,
  replace: _replace,
  state: _state,
  end: _end,
  children,
  ...rest
}: LinkProps) {
  return (
    <a href={addressOf(to)} {...rest}>
      {children}
    </a>
  );
}

interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
}

export function NavLink({ to, end, className, children, ...rest }: NavLinkProps) {
  const { pathname } = useContext(RouteContext);
  const target = addressOf(to).split(/[?#]/)[0];
  const isActive =
    pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`));
  return (
    <Link
      to={to}
      className={typeof className === 'function' ? className({ isActive }) : className}
      aria-current={isActive ? 'page' : undefined}
      {...rest}
    >
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function useLocation() {
  const { pathname, search, hash } = useContext(RouteContext);
  return { pathname, search, hash, state: null, key: 'default' };
}

export function useParams() {
  return useContext(RouteContext).params;
}

/** Goes to another page by loading it (history steps too). */
export function useNavigate() {
  return (to: To | number, options?: { replace?: boolean }) => {
    if (typeof to === 'number') return window.history.go(to);
    if (options?.replace) window.location.replace(addressOf(to));
    else window.location.assign(addressOf(to));
  };
}

/**
 * The address's query; a change goes into the browser's history (in place with `replace`) and
 * renders the page again, without loading it.
 */
export function useSearchParams() {
  const { search, setSearch } = useContext(RouteContext);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: URLSearchParams | Record<string, string>, options?: { replace?: boolean }) => {
    const query = new URLSearchParams(next).toString();
    const address = `${window.location.pathname}${query ? `?${query}` : ''}`;
    if (options?.replace) window.history.replaceState(null, '', address);
    else window.history.pushState(null, '', address);
    setSearch(query ? `?${query}` : '');
  };
  return [params, set] as const;
}

/** No route handles on a public page. */
export function useMatches(): { id: string; handle?: unknown }[] {
  return [];
}
