import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BOOST_MINUTES,
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
import { premiumUnlocks } from '../premium-unlocks';
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
  const settings = useSettings();
  const { geoip_selected_country } = settings;
  usePageTitle(t('pages.premium'));
  const benefits = [
    t('credits.premium.photos'),
    // who liked them, who viewed them: as far as the live settings keep it for premium
    ...premiumUnlocks(settings).premium.map((key) => t(key)),
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
  const settings = useSettings();
  const { geoip_selected_country, message_credits, boost_credits } = settings;
  usePageTitle(t('pages.pricing'));
  // what premium adds, from the live settings (an admin may show free members everything)
  const unlocks = premiumUnlocks(settings);
  const premium = [
    t('credits.premium.photos'),
    ...unlocks.premium.map((key) => t(key)),
    t('credits.premium.uploads', { count: PREMIUM_MAX_PHOTOS }),
  ];
  return (
    <section className="container py-4 py-md-5" aria-labelledby="pricing-title">
      <h1 id="pricing-title" className="h2 section-title mb-2">
        {t('credits.pricing.title')}
      </h1>
      <p className="text-body-secondary mb-4">
        {t('credits.pricing.lead', { count: message_credits })}
      </p>
      {/* the packages' own headings are h3: this h2 keeps the heading order */}
      <h2 className="h4 mb-3">{t('credits.packages.title')}</h2>
      <Packages country={geoip_selected_country} />
      <div className="row g-4 mt-2">
        <div className="col-12 col-md-6" data-testid="pricing-premium">
          <h2 className="h5">{t('credits.pricing.premiumTitle')}</h2>
          <ul className="text-body-secondary mb-0 ps-3">
            {premium.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {unlocks.free.length > 0 && (
            <p className="text-body-secondary mt-2 mb-0" data-testid="pricing-free">
              <span className="fw-semibold">{t('credits.pricing.freeTitle')}:</span>{' '}
              {unlocks.free.map((key) => t(key)).join(' ')}
            </p>
          )}
        </div>
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
        {/* the boost's live price (the setting boost_credits, issue 38) */}
        <div className="col-12 col-md-6" data-testid="pricing-boost">
          <h2 className="h5">
            <span aria-hidden="true">🚀 </span>
            {t('credits.pricing.boostTitle')}
          </h2>
          <p className="text-body-secondary mb-0 text-link-block">
            {t('credits.pricing.boost', {
              minutes: t('credits.timeBonus.minutes', { count: BOOST_MINUTES }),
              credits: t('credits.packages.credits', { count: boost_credits }),
            })}{' '}
            <Link to="/boost">{t('credits.pricing.boostLink')}</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
