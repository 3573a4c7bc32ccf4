import { Outlet } from 'react-router';

/** Nothing around the page (focused, full-screen flows). */
export function EmptyLayout() {
  return (
    <main id="main" className="layout layout--empty min-vh-100">
      <Outlet />
    </main>
  );
}
