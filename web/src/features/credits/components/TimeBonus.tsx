import { useCallback, useEffect, useState } from 'react';
import { Link, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIME_BONUS_POPUP_DELAY_MS, TIME_BONUS_WINDOW_S } from '../../../config/constants';
import { useUser } from '../../../api/user';
import { Modal } from '../../../components/Modal';
import { countdownParts, useTimeBonus } from '../time-bonus';

/** The members area of SPEC point 2 (route ids): where the banner and the modal show. */
export const MEMBERS_AREA = ['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'];

const dismissedKey = (userId: number) => `time-bonus-dismissed:${userId}`;

function wasDismissed(userId: number): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) !== null;
  } catch {
    return false;
  }
}

function rememberDismissal(userId: number): void {
  try {
    localStorage.setItem(dismissedKey(userId), new Date().toISOString());
  } catch {
    // private mode: the modal may show again, nothing worse
  }
}

/** Whether the current page is in the members area. */
export function useInMembersArea(): boolean {
  return useMatches().some((match) => MEMBERS_AREA.includes(match.id));
}

/**
 * The time bonus in the members area: the top banner while it runs, and the modal
 * TIME_BONUS_POPUP_DELAY_MS after entering the area, for a member with 0 credits who has not
 * closed it before (closing stores that).
 */
export function TimeBonus() {
  const inArea = useInMembersArea();
  const countdown = useTimeBonus();
  if (!inArea || !countdown) return null;
  return (
    <>
      <TimeBonusBanner seconds={countdown.seconds} percentage={countdown.percentage} />
      <TimeBonusPopup seconds={countdown.seconds} percentage={countdown.percentage} />
    </>
  );
}

function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const parts = countdownParts(seconds);
  return (
    <span
      className="time-bonus__clock"
      role="timer"
      aria-label={t('credits.timeBonus.left', {
        hours: t('credits.timeBonus.hours', { count: Math.floor(seconds / 3600) }),
        minutes: t('credits.timeBonus.minutes', { count: Math.floor((seconds % 3600) / 60) }),
        seconds: t('credits.timeBonus.seconds', { count: seconds % 60 }),
      })}
      data-testid="time-bonus-countdown"
    >
      {parts.hours}:{parts.minutes}:{parts.seconds}
    </span>
  );
}

export function TimeBonusBanner({ seconds, percentage }: { seconds: number; percentage: number }) {
  const { t } = useTranslation();
  return (
    <div className="time-bonus-banner">
      <Link to="/credits" className="time-bonus-banner__link">
        <span className="time-bonus-banner__star" aria-hidden="true">
          ★
        </span>
        <span className="time-bonus-banner__text">
          {t('credits.timeBonus.banner', { percentage })}
        </span>
        <Countdown seconds={seconds} />
        <span className="time-bonus-banner__star" aria-hidden="true">
          ★
        </span>
      </Link>
    </div>
  );
}

function TimeBonusPopup({ seconds, percentage }: { seconds: number; percentage: number }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const userId = user?.id ?? 0;
  const broke = user?.credits === 0;

  useEffect(() => {
    if (!broke || wasDismissed(userId)) return;
    const timer = window.setTimeout(() => setOpen(true), TIME_BONUS_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [broke, userId]);

  const close = useCallback(() => {
    setOpen(false);
    rememberDismissal(userId);
  }, [userId]);

  const parts = countdownParts(seconds);
  return (
    <Modal open={open} title={t('credits.timeBonus.title')} onClose={close}>
      <div className="time-bonus-modal text-center">
        <p className="time-bonus-modal__ribbon">{t('credits.timeBonus.ribbon')}</p>
        <p className="time-bonus-modal__percentage" aria-hidden="true">
          {percentage}%
        </p>
        <p className="fs-5 fw-semibold">{t('credits.timeBonus.unlock', { percentage })}</p>
        <p className="text-body-secondary">
          {t('credits.timeBonus.actFast', { count: TIME_BONUS_WINDOW_S / 3600 })}
        </p>
        <button
          type="button"
          className="btn btn-warning btn-lg rounded-pill w-100 fw-semibold"
          onClick={() => {
            // the modal closes first, then the member goes to the packages
            close();
            void navigate('/credits');
          }}
        >
          {t('credits.timeBonus.cta', parts)}
        </button>
        <p className="small text-body-secondary mt-3 mb-0">{t('credits.timeBonus.instant')}</p>
      </div>
    </Modal>
  );
}
