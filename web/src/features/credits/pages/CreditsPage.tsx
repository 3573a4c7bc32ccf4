import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DiscountCode } from '@app/contract';
import { TIME_BONUS_CODE } from '../../../config/constants';
import { serverErrorText } from '../../../api/server-error';
import { useUser } from '../../../api/user';
import { FormField } from '../../../components/form';
import { usePageTitle } from '../../../components/usePageTitle';
import { lookupDiscountCode, repeatOrderQueryOptions, usePackages } from '../api/payments';
import { LoadFailed } from '../components/LoadFailed';
import { PackageList, PackageListSkeleton } from '../components/PackageList';
import { countdownParts, useTimeBonus } from '../time-bonus';

/**
 * /credits: the packages in the member's currency; the welcome bonus or a typed discount code
 * shows on every price; choosing a package goes to its payment methods.
 */
export function CreditsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.credits'));
  const { user } = useUser();
  const packages = usePackages();
  const bonus = useTimeBonus();
  const repeat = useQuery(repeatOrderQueryOptions());
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState<DiscountCode | null>(null);
  const [draft, setDraft] = useState(params.get('code') ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const code = typed ?? null;
  const percentage = code ? code.value_percentage : (bonus?.percentage ?? null);
  const codeParam = code ? code.code : bonus ? TIME_BONUS_CODE : null;

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    setChecking(true);
    setCodeError(null);
    try {
      const found = await lookupDiscountCode(draft.trim());
      if (found.discountcode.expired) {
        setCodeError(t('errors.discount_expired'));
        setTyped(null);
      } else {
        setTyped(found.discountcode);
        setParams({ code: found.discountcode.code }, { replace: true });
      }
    } catch (error) {
      setTyped(null);
      setCodeError(serverErrorText(error, t));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="container py-4 py-md-5 credits-page" aria-labelledby="credits-title">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
        <div>
          <h1 id="credits-title" className="h2 section-title mb-1">
            {t('credits.buy.title')}
          </h1>
          <p className="text-body-secondary mb-0">
            {t('credits.buy.balance', { count: user?.credits ?? 0 })}
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {repeat.data?.order && (
            <Link to="/credits/repeat-order" className="btn btn-outline-primary rounded-pill">
              {t('credits.repeat.link')}
            </Link>
          )}
          <Link to="/transactions" className="btn btn-outline-secondary rounded-pill">
            {t('credits.transactions.link')}
          </Link>
        </div>
      </div>

      {bonus && !code && (
        <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="note">
          <span aria-hidden="true">★</span>
          <strong>{t('credits.buy.welcome', { percentage: bonus.percentage })}</strong>
          <span>{t('credits.buy.welcomeLeft', countdownParts(bonus.seconds))}</span>
        </div>
      )}
      {code && (
        <div className="alert alert-success" role="status">
          {t('credits.buy.codeApplied', { code: code.code, percentage: code.value_percentage })}
        </div>
      )}

      {packages.isPending ? (
        <PackageListSkeleton />
      ) : packages.isError ? (
        <LoadFailed error={packages.error} onRetry={() => void packages.refetch()} />
      ) : (
        <PackageList
          packages={packages.data.packages}
          discountPercentage={percentage}
          action={(pkg) => (
            <Link
              to={`/credits/${pkg.id}${codeParam ? `?code=${encodeURIComponent(codeParam)}` : ''}`}
              className="btn btn-primary rounded-pill w-100"
            >
              {t('credits.packages.choose')}
              <span className="visually-hidden">
                {' '}
                {t('credits.packages.chooseLabel', { count: pkg.credits })}
              </span>
            </Link>
          )}
        />
      )}

      <form className="discount-form card card-body mt-4" onSubmit={(event) => void apply(event)}>
        <FormField
          label={t('credits.buy.codeLabel')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={codeError}
          autoComplete="off"
          maxLength={50}
          className="mb-0"
          beside={
            <button
              type="submit"
              className="btn btn-outline-primary rounded-pill px-4"
              disabled={checking}
            >
              {t('credits.buy.codeApply')}
            </button>
          }
        />
      </form>
    </section>
  );
}
