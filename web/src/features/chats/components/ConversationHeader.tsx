import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatResponse } from '@app/contract';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { MemberAvatar } from '../../../components/member/MemberCard';

/**
 * A conversation's header: back to the list (narrow screens), the other member's avatar, name,
 * age and online dot, their place (or the chat pal's label) and the way to their profile.
 */
export function ConversationHeader({ profile }: { profile: ChatResponse['profile'] }) {
  const { t } = useTranslation();
  return (
    <header className="chat-header d-flex align-items-center gap-2 gap-sm-3 px-2 px-sm-3 py-2">
      <Link
        to="/chats"
        className="btn btn-link text-body px-2 d-lg-none"
        aria-label={t('chat.toConversations')}
      >
        <span aria-hidden="true">‹</span>
      </Link>
      <Link to={`/members/${profile.id}`} className="flex-none" tabIndex={-1} aria-hidden="true">
        <MemberAvatar member={profile} size="sm" />
      </Link>
      <div className="min-w-0 flex-grow-1">
        <h1 className="h6 mb-0 d-flex align-items-center gap-2 flex-wrap">
          <Link to={`/members/${profile.id}`} className="text-reset text-truncate">
            {profile.name}
          </Link>
          <span className="fw-normal text-body-secondary">
            {t('members.age', { count: profile.age })}
          </span>
          {profile.online && (
            <span className="member-online" title={t('members.online')}>
              <span className="visually-hidden">{t('members.online')}</span>
            </span>
          )}
        </h1>
        {profile.fictional ? (
          <FictionalBadge className="chat-header__fictional" />
        ) : (
          <div className="small text-body-secondary text-truncate">
            {profile.city ?? profile.region ?? t(`countries.${profile.country}`)}
          </div>
        )}
      </div>
      <Link
        to={`/members/${profile.id}`}
        className="btn btn-sm btn-outline-primary rounded-pill d-none d-sm-inline-block"
      >
        {t('chat.viewProfile')}
      </Link>
    </header>
  );
}
