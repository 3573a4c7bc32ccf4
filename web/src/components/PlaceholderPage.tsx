import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './usePageTitle';

/** A styled page for screens that later work builds: title plus a translated "coming soon". */
export function PlaceholderPage({
  titleKey,
  children,
}: {
  titleKey: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <section className="container py-4 py-md-5">
      <div className="card border-0 shadow-sm rounded-4 placeholder-page">
        <div className="card-body p-4 p-md-5 text-center">
          <div className="placeholder-page__icon mx-auto mb-3" aria-hidden="true">
            ✨
          </div>
          <h1 className="h3 mb-2">{title}</h1>
          <p className="text-body-secondary mb-0">
            <span className="badge text-bg-light text-primary me-2">{t('common.comingSoon')}</span>
            {t('common.comingSoonText')}
          </p>
          {children}
        </div>
      </div>
    </section>
  );
}

/** Makes a page component for a route whose screen comes later. */
export function placeholderPage(titleKey: string) {
  function Page() {
    return <PlaceholderPage titleKey={titleKey} />;
  }
  Page.displayName = `Placeholder(${titleKey})`;
  return Page;
}
