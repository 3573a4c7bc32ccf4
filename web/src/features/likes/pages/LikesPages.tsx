import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LikesResponse, ProfileCard } from '@app/contract';
import { useLikes } from '../../../api/likes';
import { ErrorPage } from '../../../components/ErrorPage';
import { usePageTitle } from '../../../components/usePageTitle';
import { BlurredMemberCard } from '../../../components/member/BlurredMemberCard';
import { FavouriteStar } from '../../../components/member/FavouriteStar';
import { MemberCard } from '../../../components/member/MemberCard';
import { useFormat } from '../../../i18n/format';

/** The three lists of /likes/{type}. */
export const LIKE_TYPES = ['given', 'received', 'matches'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

const isLikeType = (value: string | undefined): value is LikeType =>
  (LIKE_TYPES as readonly string[]).includes(value ?? '');

const SKELETONS = 8;

/**
 * One member in a list, and whether their like of the viewer is still new. `member` is null for
 * a liker a free member may not see (likes.php sends no id for them): a blurred card.
 */
export interface LikeEntry {
  member: ProfileCard | null;
  isNew: boolean;
  createdAt: string;
}

/**
 * The three lists from likes.php: given (newest first), received (new first, then newest; a
 * hidden liker as a blurred entry) and matches (members in both, in the received order);
 * members without a card are left out.
 */
export function likeLists(data: LikesResponse): Record<LikeType, LikeEntry[]> {
  const cards = new Map(data.profiles.map((card) => [card.id, card]));
  const givenIds = new Set(data.likes.map((like) => like.id));
  const received = data.liked_by.flatMap((like): LikeEntry[] => {
    const entry = { isNew: like.like_new, createdAt: like.created_at };
    if (like.id === null) return [{ member: null, ...entry }];
    const member = cards.get(like.id);
    return member ? [{ member, ...entry }] : [];
  });
  return {
    given: data.likes.flatMap((like) => {
      const member = cards.get(like.id);
      return member ? [{ member, isNew: false, createdAt: like.created_at }] : [];
    }),
    received,
    matches: received.filter((entry) => entry.member && givenIds.has(entry.member.id)),
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
  const format = useFormat();
  const likes = useLikes();
  usePageTitle(t(`likes.tabs.${type}`));
  const lists = likes.data ? likeLists(likes.data) : null;
  const entries = lists?.[type] ?? [];
  const hidden = entries.filter((entry) => entry.member === null).length;

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

      {hidden > 0 && (
        <div
          className="card border-0 shadow-sm rounded-4 p-3 p-md-4 mb-4 likes-premium"
          data-testid="likes-premium"
        >
          <h2 className="h5 mb-2">{t('likes.freeTitle')}</h2>
          <p className="fw-semibold mb-1" data-testid="likes-hidden-count">
            {t('likes.freeCount', { count: hidden })}
          </p>
          <p className="text-body-secondary mb-3">{t('likes.freeText')}</p>
          <div>
            <Link to="/premium" className="btn btn-warning rounded-pill px-4 fw-semibold">
              {t('likes.goPremium')}
            </Link>
          </div>
        </div>
      )}

      {entries.length > 0 && (
        <ul className="row g-3 list-unstyled mb-0">
          {entries.map(({ member, isNew, createdAt }, i) => {
            const badge = isNew ? (
              <span className="badge rounded-pill text-bg-danger likes-new-badge">
                {t('likes.new')}
              </span>
            ) : undefined;
            return (
              <li className="col-6 col-md-4 col-lg-3" key={member ? member.id : `hidden-${i}`}>
                {member ? (
                  <MemberCard
                    member={member}
                    to={`/likes/m/${member.id}`}
                    action={<FavouriteStar member={member.id} name={member.name} />}
                    badge={badge}
                  />
                ) : (
                  <BlurredMemberCard
                    title={t('likes.hiddenLiker')}
                    detail={t('likes.likedOn', { date: format.date(createdAt) })}
                    index={i}
                    badge={badge}
                    testId="like-blurred"
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
