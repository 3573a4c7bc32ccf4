import { Link } from 'react-router';
import { useSettings } from '../api/settings';

/** The site's mark and name, linking home (or wherever `to` says). */
export function Brand({ to = '/' }: { to?: string }) {
  const { name } = useSettings();
  return (
    <Link to={to} className="navbar-brand brand d-flex align-items-center gap-2">
      <span className="brand__mark" aria-hidden="true">
        ♥
      </span>
      <span className="brand__name">{name}</span>
    </Link>
  );
}
