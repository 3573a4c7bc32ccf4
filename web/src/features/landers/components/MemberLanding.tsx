import {
  LANDER_MEMBER_COUNTS,
  type LanderMember,
  type MemberLanding as LandingName,
} from '@app/contract';
import { FictionalNotice } from '../../../components/FictionalNotice';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useLanderMembers } from '../api/landers';
import { useLanderTranslation } from '../i18n';
import { Icon } from './Icons';
import { LanderFooterCta } from './LanderHero';
import { TileSkeleton, WithMembers } from './LanderStates';
import { MemberPhoto } from './MemberPhoto';
import { MemberFacts, MemberGrid } from './MemberTile';

/** landing: the member large, with a call to chat with them. */
function Introduce({ member }: { member: LanderMember }) {
  const { t } = useLanderTranslation();
  return (
    <div className="row g-4 align-items-center">
      <div className="col-md-5">
        <MemberPhoto member={member} priority className="lander-photo--hero" />
      </div>
      <div className="col-md-7 text-center text-md-start">
        <h1 className="h2 fw-bold mb-2">{t('landing.title', { name: member.name })}</h1>
        <div className="mb-3">
          <MemberFacts member={member} />
        </div>
        <p className="lead">{t('landing.text', { name: member.name })}</p>
        <SignupLink className="btn btn-primary btn-lg rounded-pill px-5">
          {t('chatWith', { name: member.name })}
        </SignupLink>
      </div>
    </div>
  );
}

/** landing2: the member as the start of a conversation: writing them leads into signup. */
function Converse({ member }: { member: LanderMember }) {
  const { t } = useLanderTranslation();
  return (
    <div className="lander-chat card border-0 shadow rounded-4 mx-auto">
      <div className="card-header bg-white border-0 d-flex align-items-center gap-3 py-3">
        <MemberPhoto member={member} priority small />
        <MemberFacts member={member} />
      </div>
      <div className="card-body lander-chat__body">
        <h1 className="h4 fw-bold text-center mb-2">
          {t('landing2.title', { name: member.name })}
        </h1>
        <p className="text-center text-body-secondary mb-4">
          {t('landing2.text', { name: member.name })}
        </p>
        <SignupLink className="lander-chat__input text-reset">
          <span className="text-body-secondary">
            {t('landing2.placeholder', { name: member.name })}
          </span>
          <span className="btn btn-primary rounded-pill px-3">{t('landing2.send')}</span>
        </SignupLink>
      </div>
    </div>
  );
}

/** landing3: the member and the visitor as a possible match. */
function Match({ member }: { member: LanderMember }) {
  const { t } = useLanderTranslation();
  return (
    <div className="text-center">
      <div className="lander-match mx-auto mb-3">
        <MemberPhoto member={member} priority className="lander-photo--round lander-match__photo" />
        <span className="lander-match__heart" aria-hidden="true">
          <Icon name="heart" />
        </span>
        <span className="lander-match__you" aria-hidden="true">
          ?
        </span>
      </div>
      <h1 className="h2 fw-bold mb-2">{t('landing3.title', { name: member.name })}</h1>
      <div className="d-inline-block text-start mb-3">
        <MemberFacts member={member} />
      </div>
      <p className="lead mx-auto lander-hero__text">{t('landing3.text', { name: member.name })}</p>
      <SignupLink className="btn btn-primary btn-lg rounded-pill px-5">
        {t('landing3.cta')}
      </SignupLink>
    </div>
  );
}

const LAYOUTS = { landing: Introduce, landing2: Converse, landing3: Match } as const;

/**
 * A member's own landing (/members/{id}/landing, landing2, landing3): that member as visitors
 * may see them, and more members; a member visitors may not see is said to be gone, with the
 * way into signup.
 */
export function MemberLanding({ id, landing }: { id: number | null; landing: LandingName }) {
  const { t } = useLanderTranslation();
  const query = useLanderMembers(LANDER_MEMBER_COUNTS.member, id ?? undefined);
  const Layout = LAYOUTS[landing];
  return (
    <div className="lander-member">
      <div className="container py-4 py-lg-5">
        <WithMembers
          query={query}
          skeleton={<TileSkeleton count={1} className="lander-member__skeleton" />}
        >
          {(data) => (
            <>
              <section className="lander-member__main mb-4">
                {data.member ? (
                  <>
                    <Layout member={data.member} />
                    {data.member.fictional && (
                      <div className="card border-0 rounded-4 mt-4 mx-auto lander-member__notice">
                        <div className="card-body">
                          <FictionalNotice />
                        </div>
                      </div>
                    )}
                  </>
                ) : (
                  <div className="lander-missing card border-0 shadow-sm rounded-4 mx-auto text-center">
                    <div className="card-body p-4">
                      <h1 className="h4 fw-bold mb-2">{t('missing.title')}</h1>
                      <p className="mb-3">{t('missing.text')}</p>
                      <SignupLink className="btn btn-primary btn-lg rounded-pill px-5">
                        {t('cta')}
                      </SignupLink>
                    </div>
                  </div>
                )}
              </section>
              {data.members.length > 0 && (
                <section>
                  <h2 className="h5 text-center mb-3">
                    {data.member ? t('more', { name: data.member.name }) : t('moreMembers')}
                  </h2>
                  <MemberGrid members={data.members.slice(0, 8)} />
                </section>
              )}
            </>
          )}
        </WithMembers>
        {query.isSuccess && <LanderFooterCta text={t('memberFooter')} />}
      </div>
    </div>
  );
}
