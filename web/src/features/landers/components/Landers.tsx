import { LANDER_MEMBER_COUNTS, type LanderMember, type LanderName } from '@app/contract';
import { useSettings } from '../../../api/settings';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useLanderMembers } from '../api/landers';
import { useLanderTranslation } from '../i18n';
import { Icon, type IconName } from './Icons';
import { LanderFooterCta, LanderHero } from './LanderHero';
import { MembersSection, TileSkeleton, WithMembers } from './LanderStates';
import { LanderVideo } from './LanderVideo';
import { MemberPhoto } from './MemberPhoto';
import { MemberFacts } from './MemberTile';
import { NetherlandsMap, pinsOf } from './NetherlandsMap';
import { SwipeDeck } from './SwipeDeck';

/** tinderswipe: a deck of member cards to swipe. */
function TinderSwipe() {
  const { t } = useLanderTranslation();
  const query = useLanderMembers(LANDER_MEMBER_COUNTS.tinderswipe);
  return (
    <>
      <LanderHero title={t('tinderswipe.title')} text={t('tinderswipe.text')} tone="light" />
      <div className="container pb-4">
        <WithMembers
          query={query}
          skeleton={<TileSkeleton count={1} className="swipe-deck mx-auto" />}
        >
          {(data) => <SwipeDeck members={data.members} />}
        </WithMembers>
      </div>
    </>
  );
}

/** alonetonight: who is online tonight, in an evening mood. */
function AloneTonight() {
  const { t } = useLanderTranslation();
  const query = useLanderMembers(LANDER_MEMBER_COUNTS.alonetonight);
  const online = query.data?.members.filter((member) => member.online).length ?? 0;
  return (
    <div className="lander-night">
      <LanderHero title={t('alonetonight.title')} text={t('alonetonight.text')} tone="night">
        <p className="lander-night__count mt-3 mb-0" aria-live="polite">
          {online > 0 && <span className="lander-online-dot me-2" aria-hidden="true" />}
          {online > 0 ? t('alonetonight.online', { count: online }) : '\u00a0'}
        </p>
      </LanderHero>
      <div className="container pb-4">
        <MembersSection
          query={query}
          count={12}
          priorityFirst
          tileClassName="lander-tile--night"
          order={(members) => [...members].sort((a, b) => Number(b.online) - Number(a.online))}
        />
        {query.isSuccess && <LanderFooterCta text={t('alonetonight.footer')} />}
      </div>
    </div>
  );
}

/** collagelanding: a photo collage of members, the heading laid over it. */
function Collage() {
  const { t } = useLanderTranslation();
  const query = useLanderMembers(LANDER_MEMBER_COUNTS.collagelanding);
  return (
    <>
      <LanderHero title={t('collagelanding.title')} text={t('collagelanding.text')} />
      <div className="container py-4">
        <WithMembers query={query} skeleton={<TileSkeleton count={9} className="lander-collage" />}>
          {(data) => (
            <div className="lander-collage">
              {data.members.map((member, i) => (
                <SignupLink
                  key={member.id}
                  className={`lander-collage__item lander-collage__item--${i}`}
                >
                  <MemberPhoto member={member} priority={i === 0} />
                  <span className="lander-collage__caption">
                    <MemberFacts member={member} light />
                  </span>
                </SignupLink>
              ))}
            </div>
          )}
        </WithMembers>
        {query.isSuccess && <LanderFooterCta text={t('collagelanding.footer')} />}
      </div>
    </>
  );
}

/** gallery: a gallery grid of members. */
function Gallery() {
  const { t } = useLanderTranslation();
  const query = useLanderMembers(LANDER_MEMBER_COUNTS.gallery);
  return (
    <>
      <LanderHero title={t('gallery.title')} text={t('gallery.text')} tone="light" />
      <div className="container pb-4">
        <MembersSection query={query} count={12} variant="gallery" priorityFirst />
        {query.isSuccess && <LanderFooterCta text={t('gallery.footer')} />}
      </div>
    </>
  );
}

const FEATURES: { key: string; icon: IconName }[] = [
  { key: 'chat', icon: 'chat' },
  { key: 'likes', icon: 'heart' },
  { key: 'matches', icon: 'match' },
  { key: 'gifts', icon: 'gift' },
  { key: 'search', icon: 'search' },
  { key: 'privacy', icon: 'shield' },
];

/** iconslanding: the site's features as icons, and a few members. */
function IconsLanding() {
  const { t } = useLanderTranslation();
  const query = useLanderMembers(LANDER_MEMBER_COUNTS.iconslanding);
  return (
    <>
      <LanderHero title={t('iconslanding.title')} text={t('iconslanding.text')} />
      <div className="container py-4">
        <ul className="lander-features list-unstyled mb-4">
          {FEATURES.map((feature) => (
            <li key={feature.key} className="lander-feature">
              <span className="lander-feature__icon">
                <Icon name={feature.icon} />
              </span>
              <h2 className="h6 fw-bold mb-1">{t(`iconslanding.features.${feature.key}.title`)}</h2>
              <p className="small text-body-secondary mb-0">
                {t(`iconslanding.features.${feature.key}.text`)}
              </p>
            </li>
          ))}
        </ul>
        <h2 className="h5 text-center mb-3">{t('iconslanding.members')}</h2>
        <MembersSection query={query} count={4} />
        {query.isSuccess && <LanderFooterCta text={t('iconslanding.footer')} />}
      </div>
    </>
  );
}

/** maplanding: a drawn map of the Netherlands with the members by city. */
function MapLanding() {
  const { t } = useLanderTranslation();
  const query = useLanderMembers(LANDER_MEMBER_COUNTS.maplanding);
  return (
    <>
      <LanderHero title={t('maplanding.title')} text={t('maplanding.text')} tone="light" />
      <div className="container pb-4">
        <WithMembers query={query} skeleton={<TileSkeleton count={1} className="lander-map" />}>
          {(data) => {
            const pins = pinsOf(data.members);
            return (
              <div className="lander-map">
                <div className="lander-map__figure">
                  <NetherlandsMap pins={pins} />
                </div>
                <div className="lander-map__list">
                  {pins.length === 0 && <p>{t('maplanding.noCities')}</p>}
                  {pins.slice(0, 6).map((pin) => (
                    <section key={pin.city} className="mb-3">
                      <h2 className="h6 fw-bold d-flex align-items-center gap-1 mb-2">
                        <Icon name="pin" className="text-primary" />
                        {t('maplanding.city', { city: pin.city, count: pin.members.length })}
                      </h2>
                      <div className="lander-chips">
                        {pin.members.slice(0, 4).map((member) => (
                          <SignupLink key={member.id} className="lander-chip text-reset">
                            <MemberPhoto member={member} small />
                            <MemberFacts member={member} />
                          </SignupLink>
                        ))}
                      </div>
                    </section>
                  ))}
                </div>
              </div>
            );
          }}
        </WithMembers>
        {query.isSuccess && <LanderFooterCta text={t('maplanding.footer')} />}
      </div>
    </>
  );
}

/** What a member's post says: only what is true of them (online now, a shared photo). */
function postOf(member: LanderMember, i: number): 'online' | 'looking' | 'photo' {
  if (member.online && i % 2 === 0) return 'online';
  if (member.main_image && !member.main_image.locked && i % 3 !== 1) return 'photo';
  return 'looking';
}

/** socialnetwork: a feed of member posts, each answer leading into signup. */
function SocialNetwork() {
  const { t } = useLanderTranslation();
  const settings = useSettings();
  const query = useLanderMembers(LANDER_MEMBER_COUNTS.socialnetwork);
  return (
    <>
      <LanderHero
        title={t('socialnetwork.title', { site: settings.name })}
        text={t('socialnetwork.text')}
        tone="light"
      />
      <div className="container pb-4">
        <WithMembers query={query} skeleton={<TileSkeleton count={3} className="lander-feed" />}>
          {(data) => (
            <div className="lander-feed">
              {data.members.map((member, i) => {
                const kind = postOf(member, i);
                return (
                  <article
                    key={member.id}
                    className="lander-post card border-0 shadow-sm rounded-4"
                  >
                    <div className="card-body">
                      <header className="d-flex align-items-center gap-3 mb-2">
                        <MemberPhoto member={member} small />
                        <MemberFacts member={member} />
                      </header>
                      <p className="mb-2">
                        {t(`socialnetwork.posts.${kind}`, {
                          name: member.name,
                          city: member.city ?? t('socialnetwork.nearby'),
                        })}
                      </p>
                      {kind === 'photo' && (
                        <MemberPhoto
                          member={member}
                          priority={i === 0}
                          className="lander-post__photo"
                        />
                      )}
                      <div className="d-flex gap-2 mt-2">
                        <SignupLink className="btn btn-sm btn-outline-primary rounded-pill px-3">
                          <Icon name="heart" className="me-1" />
                          {t('socialnetwork.like')}
                        </SignupLink>
                        <SignupLink className="btn btn-sm btn-outline-secondary rounded-pill px-3">
                          <Icon name="chat" className="me-1" />
                          {t('socialnetwork.reply')}
                        </SignupLink>
                      </div>
                    </div>
                  </article>
                );
              })}
            </div>
          )}
        </WithMembers>
        {query.isSuccess && <LanderFooterCta text={t('socialnetwork.footer')} />}
      </div>
    </>
  );
}

/** video and transitionsvideolanding: the site's own video, steps beside it, a few members. */
function VideoLanding({ transitions }: { transitions: boolean }) {
  const { t } = useLanderTranslation();
  const key = transitions ? 'transitionsvideolanding' : 'video';
  const query = useLanderMembers(LANDER_MEMBER_COUNTS[key]);
  return (
    <>
      <LanderHero
        title={t(`${key}.title`)}
        text={t(`${key}.text`)}
        tone={transitions ? 'night' : 'brand'}
      />
      <div className="container py-4">
        <div className="row g-4 align-items-center mb-4">
          <div className="col-lg-7">
            <LanderVideo
              name={transitions ? 'transitions' : 'hearts'}
              label={t(`${key}.videoLabel`)}
            />
          </div>
          <div className="col-lg-5">
            <ol className="lander-steps list-unstyled mb-0">
              {(['one', 'two', 'three'] as const).map((step, i) => (
                <li key={step} className={`lander-step lander-step--${i}`}>
                  <span className="lander-step__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span>
                    <strong className="d-block">{t(`steps.${step}.title`)}</strong>
                    <span className="small text-body-secondary">{t(`steps.${step}.text`)}</span>
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </div>
        <MembersSection query={query} count={4} />
        {query.isSuccess && <LanderFooterCta text={t(`${key}.footer`)} />}
      </div>
    </>
  );
}

/** The nine landers by name. */
export function Lander({ name }: { name: LanderName }) {
  switch (name) {
    case 'tinderswipe':
      return <TinderSwipe />;
    case 'alonetonight':
      return <AloneTonight />;
    case 'collagelanding':
      return <Collage />;
    case 'gallery':
      return <Gallery />;
    case 'iconslanding':
      return <IconsLanding />;
    case 'maplanding':
      return <MapLanding />;
    case 'socialnetwork':
      return <SocialNetwork />;
    case 'transitionsvideolanding':
      return <VideoLanding transitions />;
    case 'video':
      return <VideoLanding transitions={false} />;
  }
}
