import { useCallback, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberResponse, User } from '@app/contract';
import { useBlockMutation } from '../../../api/blocks';
import { ApiError } from '../../../api/client';
import { useLikeMutation } from '../../../api/likes';
import { useMemberProfile } from '../../../api/members';
import { serverErrorText } from '../../../api/server-error';
import { useUser } from '../../../api/user';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { FictionalNotice } from '../../../components/FictionalNotice';
import { ServerErrorAlert } from '../../../components/form';
import { usePageTitle } from '../../../components/usePageTitle';
import { GiftToMember } from '../../chats';
import { MemberAvatar, MemberCard } from '../../../components/member/MemberCard';
import { BlockConfirmModal } from '../components/profile/BlockConfirmModal';
import { LoginRequiredModal, type LoginReason } from '../components/profile/LoginRequired';
import { PhotoGallery, unlockedPhotos } from '../components/profile/PhotoGallery';
import { PhotoLightbox } from '../components/profile/PhotoLightbox';
import { ProfileActions, type Viewer } from '../components/profile/ProfileActions';
import {
  AboutText,
  InterestChips,
  ProfileFields,
  useVisibleProfile,
  ProfileSection,
} from '../components/profile/ProfileDetails';

/**
 * A member's profile (/members/{id}, and /likes/m/{id} from the likes pages): header with the
 * main photo and facts, the gallery, the profile fields, interests, about me, related profiles,
 * and the buttons a visitor, a member or the owner may use.
 */
export function MemberPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const fromLikes = useLocation().pathname.startsWith('/likes/');
  const { user } = useUser();
  const query = useMemberProfile(id);
  usePageTitle(query.data?.profile.name ?? t('pages.member'));

  const back = fromLikes
    ? { to: '/likes', label: t('memberProfile.backToLikes') }
    : { to: '/members', label: t('memberProfile.backToMembers') };

  let content;
  if (query.data)
    content = <MemberProfileView key={query.data.profile.id} data={query.data} user={user} />;
  else if (query.isPending && query.fetchStatus !== 'idle') content = <ProfileSkeleton />;
  else if (query.isPending || (query.error instanceof ApiError && query.error.status === 404))
    // an id that is no id, or a profile this viewer may not see (any more)
    content = <ProfileNotFound />;
  else content = <ProfileError onRetry={() => void query.refetch()} busy={query.isFetching} />;

  return (
    <section className="container py-3 py-md-4 member-profile">
      <Link
        to={back.to}
        className="member-profile__back d-inline-flex align-items-center gap-1 mb-3"
      >
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      {content}
    </section>
  );
}

function MemberProfileView({ data, user }: { data: MemberResponse; user: User | null }) {
  const { t } = useTranslation();
  const { profile, related } = data;
  const visible = useVisibleProfile();
  const viewer: Viewer = !user ? 'visitor' : user.profile?.id === profile.id ? 'own' : 'member';
  const relation = profile.relation ?? { blocked: false, liked: false, liked_by: false };
  const photos = unlockedPhotos(profile.photos);
  const mainIndex = photos.findIndex((photo) => photo.id === profile.main_image?.id);

  const [lightbox, setLightbox] = useState<number | null>(null);
  const [loginReason, setLoginReason] = useState<LoginReason | null>(null);
  const [confirming, setConfirming] = useState<'block' | 'unblock' | null>(null);
  const [matched, setMatched] = useState(false);
  const [giftOpen, setGiftOpen] = useState(false);
  const like = useLikeMutation();
  const block = useBlockMutation();
  const closeLightbox = useCallback(() => setLightbox(null), []);
  const closeLogin = useCallback(() => setLoginReason(null), []);
  const closeGifts = useCallback(() => setGiftOpen(false), []);
  const resetBlock = block.reset;
  const closeConfirm = useCallback(() => {
    setConfirming(null);
    resetBlock();
  }, [resetBlock]);

  const onLike = () =>
    like.mutate(
      { member: profile.id, like: !relation.liked },
      { onSuccess: (answer) => setMatched(answer.liked && answer.match) },
    );
  const onConfirmBlock = () =>
    block.mutate(
      { member: profile.id, block: confirming === 'block' },
      { onSuccess: () => setConfirming(null) },
    );

  // visible_profile_fields: age, city and region show only when the site shows them
  const place =
    [visible.field('city') && profile.city, visible.field('region') && profile.region]
      .filter(Boolean)
      .join(', ') || t(`countries.${profile.country}`);
  const showMatch = viewer === 'member' && !relation.blocked && matched && relation.liked;
  const showLikedBy =
    viewer === 'member' && !relation.blocked && !relation.liked && relation.liked_by;

  return (
    <>
      <header className="member-profile__header card border-0 shadow-sm rounded-4 overflow-hidden">
        <div className="member-profile__cover" aria-hidden="true" />
        <div className="member-profile__intro px-3 px-md-4 pb-4">
          <div className="member-profile__photo">
            {mainIndex >= 0 ? (
              <button
                type="button"
                className="member-profile__photo-button"
                onClick={() => setLightbox(mainIndex)}
                aria-label={t('memberProfile.openMainPhoto', { name: profile.name })}
              >
                <MemberAvatar member={profile} size="xl" />
              </button>
            ) : (
              <MemberAvatar member={profile} size="xl" />
            )}
          </div>
          <div className="member-profile__facts">
            <h1 className="h2 mb-1 text-break">{profile.name}</h1>
            <p className="mb-2 text-body-secondary">
              {visible.field('age') && (
                <>
                  {t('members.age', { count: profile.age })}
                  <span aria-hidden="true"> · </span>
                </>
              )}
              {place}
            </p>
            <ul className="member-profile__stats list-unstyled d-flex flex-wrap align-items-center gap-2 mb-0">
              <li>
                <span
                  className={`member-status ${profile.online ? 'member-status--online' : ''}`}
                  data-testid="online-state"
                >
                  <span className="member-status__dot" aria-hidden="true" />
                  {profile.online ? t('memberProfile.online') : t('memberProfile.offline')}
                </span>
              </li>
              <li className="member-profile__stat">
                <span aria-hidden="true">📷 </span>
                {t('memberProfile.photoCount', { number: profile.photo_count })}
              </li>
              {profile.fictional && (
                <li>
                  <FictionalBadge />
                </li>
              )}
              {profile.verified && !profile.fictional && (
                <li>
                  <VerifiedBadge />
                </li>
              )}
            </ul>
          </div>
          <div className="member-profile__actions">
            <ProfileActions
              profile={profile}
              viewer={viewer}
              liked={relation.liked}
              blocked={relation.blocked}
              likeBusy={like.isPending}
              onLike={onLike}
              onBlock={() => setConfirming('block')}
              onUnblock={() => setConfirming('unblock')}
              onLoginRequired={setLoginReason}
              onGift={() => setGiftOpen(true)}
            />
          </div>
        </div>
      </header>

      {profile.fictional && (
        <FictionalNotice className="member-profile__notice mt-3 p-3 rounded-4" />
      )}
      <ServerErrorAlert
        message={like.isError ? serverErrorText(like.error, t) : null}
        className="mt-3 mb-0 rounded-4"
      />
      {showMatch && (
        <div className="member-profile__match alert mt-3 mb-0 rounded-4" role="status">
          <strong className="d-block">
            <span aria-hidden="true">🎉 </span>
            {t('memberProfile.matchTitle')}
          </strong>
          {t('memberProfile.matchText', { name: profile.name })}{' '}
          <Link to={`/members/${profile.id}/chat`} className="text-decoration-underline">
            {t('memberProfile.matchMessage')}
          </Link>
        </div>
      )}
      {showLikedBy && (
        <div className="alert alert-light border mt-3 mb-0 rounded-4" role="note">
          <span aria-hidden="true">💜 </span>
          {t('memberProfile.likedBy', { name: profile.name })}
        </div>
      )}

      <div className="row g-3 g-lg-4 mt-0">
        <div className="col-12 col-lg-7 col-xl-8 d-flex flex-column gap-3 gap-lg-4">
          <ProfileSection title={t('memberProfile.photosTitle')} id="member-photos">
            <PhotoGallery profile={profile} visitor={viewer === 'visitor'} onOpen={setLightbox} />
          </ProfileSection>
          {visible.note('about') && (
            <ProfileSection
              title={t('memberProfile.aboutTitle', { name: profile.name })}
              id="member-about"
            >
              <AboutText profile={profile} />
            </ProfileSection>
          )}
        </div>
        <div className="col-12 col-lg-5 col-xl-4 d-flex flex-column gap-3 gap-lg-4">
          <ProfileSection title={t('memberProfile.detailsTitle')} id="member-details">
            <ProfileFields profile={profile} />
          </ProfileSection>
          {visible.field('interests') && (
            <ProfileSection title={t('memberProfile.interestsTitle')} id="member-interests">
              <InterestChips profile={profile} />
            </ProfileSection>
          )}
        </div>
      </div>

      {related.length > 0 && (
        <section className="mt-4 mt-lg-5" aria-labelledby="member-related">
          <h2 className="h4 section-title mb-3" id="member-related">
            {t('memberProfile.relatedTitle')}
          </h2>
          <ul className="row g-3 list-unstyled mb-0">
            {related.map((member) => (
              <li className="col-6 col-md-4 col-xl-2" key={member.id}>
                <MemberCard member={member} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <PhotoLightbox
        photos={photos}
        index={lightbox}
        member={profile}
        onIndex={setLightbox}
        onClose={closeLightbox}
      />
      <LoginRequiredModal reason={loginReason} member={profile} onClose={closeLogin} />
      {viewer === 'member' && (
        <GiftToMember member={profile} open={giftOpen} onClose={closeGifts} />
      )}
      <BlockConfirmModal
        open={confirming !== null}
        name={profile.name}
        block={confirming === 'block'}
        busy={block.isPending}
        error={block.isError ? serverErrorText(block.error, t) : null}
        onConfirm={onConfirmBlock}
        onClose={closeConfirm}
      />
    </>
  );
}

/** The page's shape while the profile loads. */
function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" role="status" aria-label={t('memberProfile.loading')}>
      <div className="member-profile__header card border-0 shadow-sm rounded-4 overflow-hidden">
        <div className="member-profile__cover" />
        <div className="member-profile__intro px-3 px-md-4 pb-4">
          <div className="member-profile__photo">
            <span className="skeleton member-avatar member-avatar--xl" />
          </div>
          <div className="member-profile__facts w-100">
            <span className="skeleton skeleton--line mb-2 member-profile__skeleton-title" />
            <span className="skeleton skeleton--line mb-2 w-50" />
            <span className="skeleton skeleton--line w-25" />
          </div>
        </div>
      </div>
      <div className="row g-3 g-lg-4 mt-0">
        <div className="col-12 col-lg-7 col-xl-8">
          <div className="card border-0 shadow-sm rounded-4 p-3 p-md-4">
            <span className="skeleton skeleton--line w-25 mb-3" />
            <div className="member-gallery">
              {Array.from({ length: 4 }, (_, i) => (
                <span key={i} className="skeleton member-gallery__tile" />
              ))}
            </div>
          </div>
        </div>
        <div className="col-12 col-lg-5 col-xl-4">
          <div className="card border-0 shadow-sm rounded-4 p-3 p-md-4">
            {Array.from({ length: 5 }, (_, i) => (
              <span key={i} className="skeleton skeleton--line mb-3" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Deleted, hidden, blocked by them, or never there: said kindly, with a way on. */
function ProfileNotFound() {
  const { t } = useTranslation();
  return (
    <div className="card border-0 shadow-sm rounded-4 member-profile__state">
      <div className="card-body p-4 p-md-5 text-center">
        <div className="placeholder-page__icon mx-auto mb-3" aria-hidden="true">
          🕊️
        </div>
        <h1 className="h3 mb-2">{t('memberProfile.notFoundTitle')}</h1>
        <p className="text-body-secondary mb-4">{t('memberProfile.notFoundText')}</p>
        <Link to="/members" className="btn btn-primary rounded-pill px-4">
          {t('memberProfile.toMembers')}
        </Link>
      </div>
    </div>
  );
}

function ProfileError({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="card border-0 shadow-sm rounded-4 member-profile__state" role="alert">
      <div className="card-body p-4 p-md-5 text-center">
        <div className="placeholder-page__icon mx-auto mb-3" aria-hidden="true">
          ⚠️
        </div>
        <h1 className="h3 mb-2">{t('memberProfile.errorTitle')}</h1>
        <p className="text-body-secondary mb-4">{t('memberProfile.errorText')}</p>
        <button
          type="button"
          className="btn btn-primary rounded-pill px-4"
          onClick={onRetry}
          disabled={busy}
        >
          {t('common.retry')}
        </button>
      </div>
    </div>
  );
}
