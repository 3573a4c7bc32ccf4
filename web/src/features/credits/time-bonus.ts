/**
 * The time bonus (SPEC points 2, 4, 9): for a logged-in member who has not paid and signed up
 * under TIME_BONUS_WINDOW_S ago, the welcome code's remaining seconds count down each second.
 * One countdown runs, however many banners and modals show it: a module store with one timer
 * (TIME_BONUS_TICK_MS), read through useSyncExternalStore. It is cleared on logout, on paying,
 * at zero, when the server has no welcome code (its age is 14400 s or more, or it was used),
 * and loaded again on login.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TIME_BONUS_CODE, TIME_BONUS_TICK_MS } from '../../config/constants';
import { useUser } from '../../api/user';
import { fetchWelcomeCode } from './api/payments';

interface Countdown {
  /** Epoch ms when the bonus ends (by this browser's clock, from the server's seconds left). */
  endsAt: number;
  /** Whole seconds left, as last ticked. */
  seconds: number;
  percentage: number;
}

let current: Countdown | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function tick() {
  if (!current) return stop();
  const seconds = Math.max(0, Math.ceil((current.endsAt - Date.now()) / 1000));
  if (seconds === 0) {
    current = null;
    stop();
  } else if (seconds !== current.seconds) {
    current = { ...current, seconds };
  }
  emit();
}

function stop() {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

/** Starts (or moves) the one countdown; null or 0 seconds clears it. */
export function setTimeBonus(secondsLeft: number | null, percentage = 0): void {
  if (!secondsLeft || secondsLeft <= 0) {
    current = null;
    stop();
  } else {
    current = { endsAt: Date.now() + secondsLeft * 1000, seconds: secondsLeft, percentage };
    if (timer === null) timer = setInterval(tick, TIME_BONUS_TICK_MS);
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** The countdown's hours, minutes and seconds as two-digit text (SPEC point 3, countdownTimer). */
export function countdownParts(seconds: number) {
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    hours: two(Math.floor(seconds / 3600)),
    minutes: two(Math.floor((seconds % 3600) / 60)),
    seconds: two(seconds % 60),
  };
}

/**
 * The time bonus of the logged-in member: loads the welcome code when a member who has not paid
 * is logged in, and clears it otherwise. Returns the running countdown (null: not visible).
 */
export function useTimeBonus() {
  const { user } = useUser();
  const eligible = !!user && !user.paid_user;
  const welcome = useQuery({
    queryKey: ['time-bonus', user?.id ?? null] as const,
    queryFn: fetchWelcomeCode,
    enabled: eligible,
    staleTime: Infinity,
  });
  const data = eligible ? welcome.data : null;
  useEffect(() => {
    if (data === undefined) return;
    if (data && data.code === TIME_BONUS_CODE && !data.expired) {
      setTimeBonus(data.seconds_left, data.value_percentage);
    } else {
      setTimeBonus(null);
    }
  }, [data]);
  useEffect(() => {
    if (!eligible) setTimeBonus(null);
  }, [eligible]);
  const countdown = useSyncExternalStore(subscribe, snapshot, snapshot);
  return eligible ? countdown : null;
}
