import type { LanderMember } from '@app/contract';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useLanderTranslation } from '../i18n';
import { MemberPhoto } from './MemberPhoto';

/** Name, age, place and online state, and (always, when fictional) the chat-pal label. */
export function MemberFacts({ member, light = false }: { member: LanderMember; light?: boolean }) {
  const { t } = useLanderTranslation();
  return (
    <span className="d-block lander-facts">
      <span className="d-flex align-items-center gap-2 fw-semibold">
        {member.online && (
          <span className="lander-online-dot" role="img" aria-label={t('online')} />
        )}
        <span className="text-truncate">
          {t('nameAge', { name: member.name, age: member.age })}
        </span>
      </span>
      {member.city && (
        <span
          className={`d-block small text-truncate ${light ? 'opacity-75' : 'text-body-secondary'}`}
        >
          {member.city}
        </span>
      )}
      {member.fictional && <FictionalBadge className="mt-1" />}
    </span>
  );
}

/** A member's tile that leads into signup: photo, facts. */
export function MemberTile({
  member,
  priority = false,
  className = '',
}: {
  member: LanderMember;
  priority?: boolean;
  className?: string;
}) {
  return (
    <SignupLink className={`lander-tile text-reset ${className}`}>
      <MemberPhoto member={member} priority={priority} />
      <span className="lander-tile__body">
        <MemberFacts member={member} />
      </span>
    </SignupLink>
  );
}

/** The members as a grid of tiles (2 columns on a phone, 4 or 6 wider). */
export function MemberGrid({
  members,
  variant = 'four',
  priorityFirst = false,
  tileClassName,
}: {
  members: LanderMember[];
  variant?: 'four' | 'gallery';
  priorityFirst?: boolean;
  tileClassName?: string;
}) {
  return (
    <div className={`lander-grid lander-grid--${variant}`}>
      {members.map((member, i) => (
        <MemberTile
          key={member.id}
          member={member}
          priority={priorityFirst && i === 0}
          className={tileClassName}
        />
      ))}
    </div>
  );
}
