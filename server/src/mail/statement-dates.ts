import { APPEAL_WINDOW_DAYS } from '@app/contract';

/** Until when a decision may be appealed (APPEAL_WINDOW_DAYS after it). */
export function appealUntil(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + APPEAL_WINDOW_DAYS * 86_400_000);
}
