/**
 * The operator-editable Settings fields of SPEC point 3, stored in the `settings` table under
 * their spec names; the values are server/src/settings/settings.defaults.ts.
 * The seed creates missing rows only, so values changed by an operator survive a re-seed.
 * minimum_message_costs is built per supported country in prisma/seed/reference.ts from the
 * currency of country-state-city and MINIMUM_MESSAGE_COSTS below.
 */
import { SETTING_DEFAULTS } from '../../server/src/settings/seeding.js';

/** The smallest amount one message costs, per currency (about EUR 0.25). */
export const MINIMUM_MESSAGE_COSTS: Readonly<Record<string, number>> = {
  EUR: 0.25,
  GBP: 0.22,
  CHF: 0.24,
  USD: 0.29,
  CAD: 0.39,
  AUD: 0.43,
  NZD: 0.47,
  PLN: 1.09,
};

/** The same values the server falls back to; the seed stores them as editable rows. */
export const SETTINGS = SETTING_DEFAULTS;
