import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFavourites } from '../../../api/favourites';
import { FavouriteStar } from '../../../components/member/FavouriteStar';
import { MemberCard } from '../../../components/member/MemberCard';
import { LoadError } from '../../../components/LoadStates';
import { usePageTitle } from '../../../components/usePageTitle';

const SKELETONS = 8;

/**
 * "Favorieten" (/favourites): the member's private list of favourite profiles, newest first.
 * Members who blocked them, went invisible or left are not shown (the server's list rule); the
 * star on each card takes one off the list at once.
 */
export function FavouritesPage() {
  const { t } = useTranslation();
  usePageTitle(t('favourites.title'));
  const favourites = useFavourites();
  const data = favourites.data;

  return (
    <section className="container py-4 py-md-5 favourites-page" aria-labelledby="favourites-title">
      <div className="mb-4">
        <h1 id="favourites-title" className="h2 section-title mb-1">
          {t('favourites.title')}
        </h1>
        <p className="text-body-secondary mb-0">{t('favourites.intro')}</p>
      </div>

      {favourites.isPending && (
        <ul
          className="row g-3 list-unstyled mb-0"
          aria-busy="true"
          aria-label={t('favourites.loading')}
        >
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li className="col-6 col-md-4 col-lg-3" key={i}>
              <div className="member-card member-card--skeleton card border-0 rounded-4 h-100" />
            </li>
          ))}
        </ul>
      )}

      {favourites.isError && !data && (
        <LoadError
          text={t('favourites.error')}
          onRetry={() => void favourites.refetch()}
          busy={favourites.isFetching}
          className="text-center py-5"
        />
      )}

      {data && data.profiles.length === 0 && (
        <div className="card border-0 shadow-sm rounded-4 text-center py-5 px-3">
          <div className="display-5 mb-3" aria-hidden="true">
            ⭐
          </div>
          <h2 className="h5 mb-2">{t('favourites.emptyTitle')}</h2>
          <p className="text-body-secondary mx-auto mb-4">{t('favourites.emptyText')}</p>
          <div>
            <Link to="/members" className="btn btn-primary rounded-pill px-4">
              {t('favourites.toMembers')}
            </Link>
          </div>
        </div>
      )}

      {data && data.profiles.length > 0 && (
        <ul className="row g-3 list-unstyled mb-0" aria-label={t('favourites.listLabel')}>
          {data.profiles.map((member) => (
            <li className="col-6 col-md-4 col-lg-3" key={member.id}>
              <MemberCard
                member={member}
                action={<FavouriteStar member={member.id} name={member.name} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
