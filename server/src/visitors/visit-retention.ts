import { VISIT_RETENTION_DAYS_DEFAULT } from '@app/contract';
import type { StoredSettings } from '../settings';

/** The site setting visit_retention_days as whole days, at least one, whatever was stored. */
export function retentionDays(stored: StoredSettings): number {
  const days = Math.floor(Number(stored.visit_retention_days));
  return Number.isFinite(days) && days >= 1 ? days : VISIT_RETENTION_DAYS_DEFAULT;
}

/** The oldest visit still kept (and shown). */
export function keptSince(days: number, now: Date): Date {
  return new Date(now.getTime() - days * 86_400_000);
}
