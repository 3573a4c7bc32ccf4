import { Link, useParams } from 'react-router';
import { isTokenPage, type TokenPageName } from '@app/contract';
import { StaticPage } from '../components/StaticPage';
import { CookieTable } from '../components/CookieTable';
import { usePagesT } from '../i18n';
import type { PageValues } from '../page-values';

export function TermsPage() {
  return <StaticPage page="terms" titleKey="pages.terms" versioned />;
}

export function PrivacyPage() {
  return <StaticPage page="privacy" titleKey="pages.privacy" versioned />;
}

export function CookiesPage() {
  return (
    <StaticPage
      page="cookies"
      titleKey="pages.cookies"
      extra={() => <CookieTable />}
      extraAfter={2}
    />
  );
}

export function ReturnPolicyPage() {
  return <StaticPage page="returnPolicy" titleKey="pages.returnPolicy" />;
}

export function FaqPage() {
  return <StaticPage page="faq" titleKey="pages.faq" />;
}

export function ServicePage() {
  return (
    <StaticPage
      page="service"
      titleKey="pages.service"
      extra={(v) => <ContactCard values={v} />}
      extraAfter={1}
    />
  );
}

/** E-mail, phone and the complaints form, as buttons (service and contact pages). */
function ContactCard({ values }: { values: PageValues }) {
  const { t } = usePagesT();
  return (
    <div className="static-page__contact d-flex flex-wrap gap-2 mb-4" data-testid="contact-card">
      <a className="btn btn-primary rounded-pill px-4" href={`mailto:${String(values.email)}`}>
        {t('common.contact.mail', { email: values.email })}
      </a>
      <a
        className="btn btn-outline-primary rounded-pill px-4"
        href={`tel:${String(values.phone).replace(/[^+\d]/g, '')}`}
      >
        {t('common.contact.call', { phone: values.phone })}
      </a>
      <Link className="btn btn-outline-secondary rounded-pill px-4" to="/complaints">
        {t('common.contact.complaint')}
      </Link>
    </div>
  );
}

/** The namespace key and title of each token page. */
const TOKEN_TEXTS: Record<TokenPageName, { page: string; titleKey: string }> = {
  about: { page: 'about', titleKey: 'pages.about' },
  'safe-dating': { page: 'safeDating', titleKey: 'pages.safeDating' },
  contact: { page: 'contact', titleKey: 'pages.contact' },
  disclaimer: { page: 'disclaimer', titleKey: 'pages.disclaimer' },
};

/** /:token — the router lets only the listed token pages through (contract TOKEN_PAGES). */
export function TokenPage() {
  const { token = '' } = useParams();
  const texts = isTokenPage(token) ? TOKEN_TEXTS[token] : TOKEN_TEXTS.about;
  return (
    <StaticPage
      key={texts.page}
      page={texts.page}
      titleKey={texts.titleKey}
      extra={token === 'contact' ? (v) => <ContactCard values={v} /> : undefined}
      extraAfter={token === 'contact' ? 1 : undefined}
    />
  );
}
