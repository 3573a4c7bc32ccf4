import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LikesResponse, ProfileCard } from '@app/contract';
import { useLikes } from '../../../api/likes';
import { ErrorPage } from '../../../components/ErrorPage';
import { usePageTitle } from '../../../components/usePageTitle';
import { MemberCard } from '../../../components/member/MemberCard';

/** The three lists of /likes/{type}. */
export const LIKE_TYPES = ['given', 'received', 'matches'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

const isLikeType = (value: string | undefined): value is LikeType =>
  (LIKE_TYPES as readonly string[]).includes(value ?? '');

const SKELETONS = 8;

/** One member in a list, and whether their like of the viewer is still new. */
interface LikeEntry {
  member: ProfileCard;
  isNew: boolean;
}

/**
 * The three lists from likes.php: given (newest first), received (new first, then newest) and
 * matches (members in both, in the received order); members without a card are left out.
 */
export function likeLists(data: LikesResponse): Record<LikeType, LikeEntry[]> {
  const cards = new Map(data.profiles.map((card) => [card.id, card]));
  const givenIds = new Set(data.likes.map((like) => like.id));
  const received = data.liked_by.flatMap((like) => {
    const member = cards.get(like.id);
    return member ? [{ member, isNew: like.like_new }] : [];
  });
  return {
    given: data.likes.flatMap((like) => {
      const member = cards.get(like.id);
      return member ? [{ member, isNew: false }] : [];
    }),
    received,
    matches: received.filter((entry) => givenIds.has(entry.member.id)),
  };
}

/** /likes: the received likes (new ones first), with tabs to the other lists. */
export function LikesPage() {
  return <LikesView type="received" />;
}

/** /likes/{type}: given, received or matches; any other type is the 404 page. */
export function LikesTypePage() {
  const { type } = useParams();
  if (!isLikeType(type)) return <ErrorPage status={404} />;
  return <LikesView type={type} />;
}

function LikesView({ type }: { type: LikeType }) {
  const { t } = useTranslation();
  const likes = useLikes();
  usePageTitle(t(`likes.tabs.${type}`));
  const lists = likes.data ? likeLists(likes.data) : null;
  const entries = lists?.[type] ?? [];

  return (
    <section className="container py-4 py-md-5 likes-page" aria-labelledby="likes-title">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
        <div>
          <h1 id="likes-title" className="h2 section-title mb-1">
            {t('likes.title')}
          </h1>
          <p className="text-body-secondary mb-0">{t(`likes.intro.${type}`)}</p>
        </div>
      </div>

      <nav aria-label={t('likes.tabsLabel')} className="mb-4">
        <ul className="nav nav-pills likes-tabs gap-2 flex-nowrap overflow-auto">
          {LIKE_TYPES.map((tab) => {
            const active = tab === type;
            const count = lists?.[tab].length;
            const fresh = tab === 'received' && likes.data ? likes.data.new_likes : 0;
            return (
              <li className="nav-item" key={tab}>
                <Link
                  to={`/likes/${tab}`}
                  className={`nav-link rounded-pill text-nowrap${active ? ' active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                >
                  {t(`likes.tabs.${tab}`)}
                  {count !== undefined && (
                    <span
                      className={`badge rounded-pill ms-2 ${active ? 'text-bg-light' : 'text-bg-secondary'}`}
                    >
                      {count}
                    </span>
                  )}
                  {fresh > 0 && (
                    <span className="badge rounded-pill ms-1 text-bg-danger">
                      {t('likes.newCount', { count: fresh })}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {likes.isPending && (
        <ul className="row g-3 list-unstyled mb-0" aria-busy="true" aria-label={t('likes.loading')}>
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li className="col-6 col-md-4 col-lg-3" key={i}>
              <div className="member-card member-card--skeleton card border-0 rounded-4 h-100" />
            </li>
          ))}
        </ul>
      )}

      {likes.isError && !likes.data && (
        <div className="text-center py-5" role="alert">
          <div className="display-6 mb-2" aria-hidden="true">
            ⚠️
          </div>
          <p className="mb-3">{t('likes.error')}</p>
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill px-4"
            onClick={() => void likes.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      )}

      {lists && entries.length === 0 && (
        <div className="card border-0 shadow-sm rounded-4 text-center py-5 px-3 likes-empty">
          <div className="display-5 mb-3" aria-hidden="true">
            {type === 'matches' ? '💞' : type === 'given' ? '💌' : '❤️'}
          </div>
          <h2 className="h5 mb-2">{t(`likes.empty.${type}.title`)}</h2>
          <p className="text-body-secondary mx-auto mb-4 likes-empty__text">
            {t(`likes.empty.${type}.text`)}
          </p>
          <div>
            <Link to="/members" className="btn btn-primary rounded-pill px-4">
              {t('likes.toMembers')}
            </Link>
          </div>
        </div>
      )}

      {entries.length > 0 && (
        <ul className="row g-3 list-unstyled mb-0">
          {entries.map(({ member, isNew }) => (
            <li className="col-6 col-md-4 col-lg-3" key={member.id}>
              <MemberCard
                member={member}
                to={`/likes/m/${member.id}`}
                badge={
                  isNew ? (
                    <span className="badge rounded-pill text-bg-danger likes-new-badge">
                      {t('likes.new')}
                    </span>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
