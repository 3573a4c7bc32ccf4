/**
 * The staff idle timeout counts only the staff member's own actions (security review
 * 2026-11-28, L4). The console notes each of them (a click or touch, a key, the wheel, a new
 * page); a staff call made longer than ACTIVITY_WINDOW_MS after the last one (the inspection
 * desk's poll, a reload after a queue event, a refetch on its own) carries
 * `X-Staff-Background: 1`, and the server does not move the session's idle time for it. So a
 * console left open ends STAFF_SESSION_IDLE_MINUTES (plus at most this window) after its last
 * use, and the poll just after an action (typing a long reply) still reports that action.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { STAFF_BACKGROUND_HEADER } from '@app/contract';
import { addRequestHeaders } from '../../api/client';

export const ACTIVITY_WINDOW_MS = 2 * 60_000;
const ACTIONS = ['pointerdown', 'keydown', 'wheel'] as const;

let lastActionAt = Date.now();

/** The staff member did something (at `at`, now unless given). */
export function noteAction(at = Date.now()): void {
  lastActionAt = at;
}

/** The headers of a request: a staff call with no own action in the window is background. */
export function backgroundHeaders(
  name: string,
  now = Date.now(),
): Record<string, string> | undefined {
  if (!name.startsWith('staff/') || now - lastActionAt <= ACTIVITY_WINDOW_MS) return undefined;
  return { [STAFF_BACKGROUND_HEADER]: '1' };
}

/** While the console is open: notes the staff member's actions and marks background calls. */
export function useStaffActivity(): void {
  const { pathname } = useLocation();
  useEffect(() => noteAction(), [pathname]);
  useEffect(() => {
    const note = () => noteAction();
    for (const action of ACTIONS) {
      window.addEventListener(action, note, { capture: true, passive: true });
    }
    const stop = addRequestHeaders(backgroundHeaders);
    return () => {
      for (const action of ACTIONS) window.removeEventListener(action, note, { capture: true });
      stop();
    };
  }, []);
}
