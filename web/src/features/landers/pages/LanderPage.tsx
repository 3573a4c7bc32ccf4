import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LANDERS,
  LANDER_MEMBER_COUNTS,
  MEMBER_LANDINGS,
  type LanderName,
  type MemberLanding as LandingName,
} from '@app/contract';
import { usePageTitle } from '../../../components/usePageTitle';
import { captureLander } from '../../../components/signup/tracking';
import { useLanderMembers } from '../api/landers';
import { useLanderMessages } from '../i18n';
import { Lander } from '../components/Landers';
import { MemberLanding } from '../components/MemberLanding';
import '../landers.scss';

/** Which page this is: /landers/<name>/<slug?> or /members/<id>/<landing>/<slug?>. */
function whichLander(pathname: string): { lander: LanderName } | { landing: LandingName } | null {
  const [, area, second, third] = pathname.split('/');
  if (area === 'landers' && (LANDERS as readonly string[]).includes(second)) {
    return { lander: second as LanderName };
  }
  if (area === 'members' && (MEMBER_LANDINGS as readonly string[]).includes(third)) {
    return { landing: third as LandingName };
  }
  return null;
}

/**
 * Every landing page: the nine landers and the three member landings. Keeps the lander's name
 * and slug with the visit's tracking data, so the signup it leads to carries them.
 */
export function LanderPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { slug, id } = useParams();
  const ready = useLanderMessages();
  const which = whichLander(pathname);
  const name = which ? ('lander' in which ? which.lander : which.landing) : null;
  usePageTitle(t('pages.lander'));
  const memberId = id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  // the members load beside the texts, not after them
  useLanderMembers(
    which && 'lander' in which ? LANDER_MEMBER_COUNTS[which.lander] : LANDER_MEMBER_COUNTS.member,
    which && 'landing' in which ? (memberId ?? undefined) : undefined,
  );

  useEffect(() => {
    if (name) captureLander(name, slug, pathname + search);
  }, [name, slug, pathname, search]);

  // at least a screen high, so the footer never starts in view and then jumps down
  if (!ready || !which) return <div className="lander-page" aria-busy="true" />;
  return (
    <div className="lander-page">
      {'lander' in which ? (
        <Lander name={which.lander} />
      ) : (
        <MemberLanding id={memberId} landing={which.landing} />
      )}
    </div>
  );
}
