import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { discountedCents, type CreditPackage } from '@app/contract';
import { formatPerCredit, useMoney } from '../money';

interface PackageListProps {
  packages: CreditPackage[];
  /** A discount to show on every price (the welcome bonus, a code). */
  discountPercentage?: number | null;
  /** The call to action of one package (a link or a button). */
  action: (pkg: CreditPackage) => ReactNode;
}

/**
 * The credit packages as cards: credits, price (struck through with the discounted price beside
 * it when a discount applies), price per credit, and the most-chosen and best-value marks.
 */
export function PackageList({ packages, discountPercentage, action }: PackageListProps) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  return (
    <ul className="package-list list-unstyled row g-3 mb-0">
      {packages.map((pkg) => {
        const price = discountPercentage
          ? discountedCents(pkg.price_cents, discountPercentage)
          : pkg.price_cents;
        const headingId = `package-${pkg.id}`;
        return (
          <li key={pkg.id} className="col-12 col-sm-6 col-lg-4 col-xl">
            <article
              className={`package-card card h-100${pkg.best_value ? ' package-card--best' : ''}`}
              aria-labelledby={headingId}
              data-testid={`package-${pkg.slug}`}
            >
              <div className="card-body d-flex flex-column">
                <div className="package-card__marks mb-2">
                  {pkg.best_value && (
                    <span className="badge rounded-pill text-bg-success">
                      {t('credits.packages.bestValue')}
                    </span>
                  )}
                  {pkg.popular && (
                    <span className="badge rounded-pill text-bg-primary">
                      {t('credits.packages.popular')}
                    </span>
                  )}
                  {pkg.tryout && (
                    <span className="badge rounded-pill text-bg-light">
                      {t('credits.packages.tryout')}
                    </span>
                  )}
                </div>
                <h3 id={headingId} className="h4 mb-1">
                  {t('credits.packages.credits', { count: pkg.credits })}
                </h3>
                <p className="package-card__price mb-1">
                  {discountPercentage ? (
                    <>
                      <del className="text-body-secondary me-2">
                        <span className="visually-hidden">{t('credits.packages.wasPrice')} </span>
                        {money(pkg.price_cents, pkg.currency)}
                      </del>
                      <ins className="text-decoration-none fw-bold">
                        <span className="visually-hidden">{t('credits.packages.nowPrice')} </span>
                        {money(price, pkg.currency)}
                      </ins>
                    </>
                  ) : (
                    <span className="fw-bold">{money(price, pkg.currency)}</span>
                  )}
                </p>
                <p className="small text-body-secondary mb-3">
                  {t('credits.packages.perCredit', {
                    price: formatPerCredit(price / pkg.credits, pkg.currency, i18n.language),
                  })}
                </p>
                <div className="mt-auto">{action(pkg)}</div>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** Loading cards in the shape of the packages. */
export function PackageListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="row g-3" role="status" aria-label={t('credits.packages.loading')}>
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="col-12 col-sm-6 col-lg-4 col-xl">
          <div className="card h-100 p-3">
            <span className="skeleton skeleton--line w-50 mb-3" />
            <span className="skeleton skeleton--line w-75 mb-2" />
            <span className="skeleton skeleton--line w-25" />
          </div>
        </div>
      ))}
    </div>
  );
}
