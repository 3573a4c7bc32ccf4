import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PREMIUM_MATCH_CHANCE_PERCENT,
  PREMIUM_MAX_PHOTOS,
  TIME_BONUS_CODE,
} from '../../../config/constants';
import { useSettings } from '../../../api/settings';
import { useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { SignupLink } from '../../../components/signup/SignupLink';
import { usePackages } from '../api/payments';
import { LoadFailed } from '../components/LoadFailed';
import { PackageList, PackageListSkeleton } from '../components/PackageList';
import { useTimeBonus } from '../time-bonus';

/** The packages with their buttons: members choose one, visitors sign up first. */
function Packages({ country }: { country?: string }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const packages = usePackages(user ? undefined : country);
  const bonus = useTimeBonus();
  if (packages.isPending) return <PackageListSkeleton />;
  if (packages.isError) {
    return <LoadFailed error={packages.error} onRetry={() => void packages.refetch()} />;
  }
  const code = bonus ? `?code=${TIME_BONUS_CODE}` : '';
  return (
    <PackageList
      packages={packages.data.packages}
      discountPercentage={bonus?.percentage}
      action={(pkg) =>
        user ? (
          <Link to={`/credits/${pkg.id}${code}`} className="btn btn-primary rounded-pill w-100">
            {t('credits.packages.choose')}
            <span className="visually-hidden">
              {' '}
              {t('credits.packages.chooseLabel', { count: pkg.credits })}
            </span>
          </Link>
        ) : (
          <SignupLink className="btn btn-outline-primary rounded-pill w-100">
            {t('credits.packages.signupFirst')}
          </SignupLink>
        )
      }
    />
  );
}

/** /premium: what premium gives, and the packages that make a member premium. */
export function PremiumPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { geoip_selected_country } = useSettings();
  usePageTitle(t('pages.premium'));
  const benefits = [
    t('credits.premium.photos'),
    t('credits.premium.functions'),
    t('credits.premium.chance', { percent: PREMIUM_MATCH_CHANCE_PERCENT }),
    t('credits.premium.uploads', { count: PREMIUM_MAX_PHOTOS }),
    t('credits.premium.noSubscription'),
  ];
  return (
    <section className="container py-4 py-md-5 premium-page" aria-labelledby="premium-title">
      <div className="premium-hero rounded-4 p-4 p-md-5 mb-4 text-white">
        <h1 id="premium-title" className="display-6 fw-bold mb-2">
          {user?.paid_user ? t('credits.premium.titlePaid') : t('credits.premium.title')}
        </h1>
        <p className="lead mb-0">{t('credits.premium.lead')}</p>
      </div>
      <h2 className="h4 mb-3">{t('credits.premium.benefitsTitle')}</h2>
      <ul className="premium-benefits list-unstyled row g-2 mb-5">
        {benefits.map((benefit) => (
          <li key={benefit} className="col-12 col-md-6 d-flex gap-2">
            <span className="text-success fw-bold" aria-hidden="true">
              ✓
            </span>
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
      <h2 className="h4 mb-3">{t('credits.packages.title')}</h2>
      <Packages country={geoip_selected_country} />
    </section>
  );
}

/** /pricing: the price list, for visitors too. */
export function PricingPage() {
  const { t } = useTranslation();
  const { geoip_selected_country, message_credits } = useSettings();
  usePageTitle(t('pages.pricing'));
  return (
    <section className="container py-4 py-md-5" aria-labelledby="pricing-title">
      <h1 id="pricing-title" className="h2 section-title mb-2">
        {t('credits.pricing.title')}
      </h1>
      <p className="text-body-secondary mb-4">
        {t('credits.pricing.lead', { credits: message_credits })}
      </p>
      {/* the packages' own headings are h3: this h2 keeps the heading order */}
      <h2 className="h4 mb-3">{t('credits.packages.title')}</h2>
      <Packages country={geoip_selected_country} />
      <div className="row g-4 mt-2">
        <div className="col-12 col-md-6">
          <h2 className="h5">{t('credits.pricing.noSubscriptionTitle')}</h2>
          <p className="text-body-secondary mb-0">{t('credits.pricing.noSubscription')}</p>
        </div>
        <div className="col-12 col-md-6">
          <h2 className="h5">{t('credits.pricing.paymentTitle')}</h2>
          <p className="text-body-secondary mb-0 text-link-block">
            {t('credits.pricing.payment')}{' '}
            <Link to="/return-policy">{t('credits.pricing.returns')}</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
