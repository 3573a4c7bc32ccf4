import { usePagesT } from '../i18n';
import type { PageValues } from '../page-values';

/** The company behind the site (every static page ends with it): name, address, KvK, VAT, contact. */
export function CompanyCard({ values, hasCompany }: { values: PageValues; hasCompany: boolean }) {
  const { t } = usePagesT();
  const place = [values.city, values.country].filter(Boolean).join(', ');
  return (
    <section className="static-page__company" aria-labelledby="company-heading">
      <h2 id="company-heading" className="h5">
        {t('common.company.heading')}
      </h2>
      <address className="mb-0" data-testid="static-company">
        <strong>{values.company}</strong>
        {hasCompany && (
          <>
            <br />
            {values.address}
            {place && (
              <>
                <br />
                {place}
              </>
            )}
            <br />
            {t('common.company.kvk', { kvk: values.kvk })}
            {values.vat && (
              <>
                <br />
                {t('common.company.vat', { vat: values.vat })}
              </>
            )}
            <br />
            {t('common.company.tradenames', { tradenames: values.tradenames })}
          </>
        )}
        <br />
        {t('common.company.email')} <a href={`mailto:${String(values.email)}`}>{values.email}</a>
        <br />
        {t('common.company.phone')}{' '}
        <a href={`tel:${String(values.phone).replace(/[^+\d]/g, '')}`}>{values.phone}</a>
      </address>
    </section>
  );
}
