import { act, render, screen } from '@testing-library/react';
import {
  Link,
  NavLink,
  Outlet,
  PublicRouteProvider,
  useLocation,
  useParams,
  useSearchParams,
  type PublicRoute,
} from './router';

const route: PublicRoute = {
  pathname: '/landers/video/summer',
  search: '?network=ads',
  hash: '',
  params: { name: 'video', slug: 'summer' },
};

function Where() {
  const { pathname, search } = useLocation();
  const { slug } = useParams();
  const [query] = useSearchParams();
  return <p>{`${pathname} ${search} ${slug ?? '-'} ${query.get('network') ?? '-'}`}</p>;
}

describe("the public pages' links and address (in place of React Router)", () => {
  it('renders a link as a plain address the browser loads', () => {
    render(
      <Link to="/signup" className="btn">
        Join
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Join' });
    expect(link).toHaveAttribute('href', '/signup');
    expect(link).toHaveClass('btn');
  });

  it('writes an address given in parts as one', () => {
    render(<Link to={{ pathname: '/login', search: '?redirect=%2Fmembers' }}>Log in</Link>);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fmembers',
    );
  });

  it("gives the server-matched address and parameters to the page, and a layout's outlet its page", () => {
    render(
      <PublicRouteProvider route={{ ...route, outlet: <Where /> }}>
        <Outlet />
      </PublicRouteProvider>,
    );
    expect(screen.getByText('/landers/video/summer ?network=ads summer ads')).toBeInTheDocument();
  });

  it('marks a navigation link to the page shown as the current page, and no other', () => {
    render(
      <PublicRouteProvider route={route}>
        <NavLink to="/landers/video" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Section
        </NavLink>
        <NavLink to="/landers/video" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Exact
        </NavLink>
        <NavLink to="/" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
      </PublicRouteProvider>,
    );
    expect(screen.getByRole('link', { name: 'Section' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Section' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Exact' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('off');
  });

  it("renders the page again when it changes its query, and when the browser's back button steps back", async () => {
    window.history.replaceState(null, '', '/members');
    function Filters() {
      const [query, setQuery] = useSearchParams();
      return (
        <>
          <p>{`gender: ${query.get('gender') ?? '-'}`}</p>
          <button type="button" onClick={() => setQuery({ gender: 'female' })}>
            Women
          </button>
        </>
      );
    }
    render(
      <PublicRouteProvider route={{ pathname: '/members', search: '', hash: '', params: {} }}>
        <Filters />
      </PublicRouteProvider>,
    );
    expect(screen.getByText('gender: -')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Women' }).click());
    expect(screen.getByText('gender: female')).toBeInTheDocument();
    expect(window.location.search).toBe('?gender=female');
    await act(async () => {
      const popped = new Promise((resolve) =>
        window.addEventListener('popstate', resolve, { once: true }),
      );
      window.history.back();
      await popped;
    });
    expect(screen.getByText('gender: -')).toBeInTheDocument();
  });
});
