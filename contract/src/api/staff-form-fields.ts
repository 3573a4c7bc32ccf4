import { z } from 'zod';
import { SUPPORTED_COUNTRIES } from '../constants';

/**
 * The bounded values the console's settings and catalogue forms share (staff-settings.ts,
 * staff-catalogue.ts); the Dutch messages are what the form shows at the field.
 */

/** A required text, trimmed, of at most `max` characters. */
export const text = (max: number) => z.string().trim().min(1).max(max);

/** A whole number from 0 to `max`. */
export const count = (max: number) => z.number().int().min(0).max(max);

/** A list without a value twice. */
export const unique = <T extends z.ZodType>(item: T) =>
  z.array(item).refine((list) => new Set(list).size === list.length, 'Geen dubbele waarden');

export const country = z.enum(SUPPORTED_COUNTRIES);
export const currency = z.string().regex(/^[A-Z]{3}$/, 'Drie hoofdletters, zoals EUR');
