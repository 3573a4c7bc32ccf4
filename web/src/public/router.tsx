/**
 * React Router's part that the public pages use, for the public entry (vite.public.config.ts puts
 * this module in place of `react-router` there): the same names, but every link is a plain
 * address the browser loads, since a visitor's first page has no router (≈ 31 KB gzip saved).
 * The page's address and parameters come from the server's match (PublicRouteProvider); the
 * page a link leads to is served by the full app.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

/** Where the public page is: its address and the route's parameters, and the page in a layout. */
export interface PublicRoute {
  pathname: string;
  search: string;
  hash: string;
  params: Readonly<Record<string, string | undefined>>;
  /** What a layout's <Outlet /> shows. */
  outlet?: ReactNode;
}

const RouteContext = createContext<PublicRoute>({
  pathname: '/',
  search: '',
  hash: '',
  params: {},
});

export function PublicRouteProvider({
  route,
  children,
}: {
  route: PublicRoute;
  children: ReactNode;
}) {
  return <RouteContext.Provider value={route}>{children}</RouteContext.Provider>;
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

export function Link({ to, replace: _replace, state: _state, end: _end, ...rest }: LinkProps) {
  return <a href={addressOf(to)} {...rest} />;
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

/** The address's query; a change replaces it in place (the page is not loaded again). */
export function useSearchParams() {
  const { search } = useContext(RouteContext);
  const params = new URLSearchParams(search);
  const set = (next: URLSearchParams | Record<string, string>) => {
    const query = new URLSearchParams(next).toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  };
  return [params, set] as const;
}

/** No route handles on a public page. */
export function useMatches(): { id: string; handle?: unknown }[] {
  return [];
}
