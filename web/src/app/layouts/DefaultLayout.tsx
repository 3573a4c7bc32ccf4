import { Outlet } from 'react-router';
import { TopNav } from './TopNav';
import { Footer } from './Footer';
import { LegalDisclaimer } from '../../components/LegalDisclaimer';

/** Top navigation, page, legal disclaimer and footer. */
export function DefaultLayout() {
  return (
    <div className="layout layout--default d-flex flex-column min-vh-100">
      <TopNav />
      <main id="main" className="flex-grow-1">
        <Outlet />
      </main>
      <LegalDisclaimer />
      <Footer />
    </div>
  );
}
