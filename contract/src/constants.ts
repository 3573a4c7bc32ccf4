/**
 * Business constants and limits of SPEC point 9, under their spec names. The one module both
 * the server and the web app (web/src/config/constants.ts re-exports it) read them from.
 * Keep this file free of imports so either side can load it.
 */

export const SUPPORTED_LANGUAGES = ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';
/**
 * The languages a visitor or member can choose when the owner has chosen none: only nl (SPEC
 * point 1, "only nl is available as a choice"). Admins switch the other six on in the console
 * (the setting `languages_offered`); every language menu, the address and Accept-Language
 * detection and what a member is shown follow that list. The staff console keeps all seven.
 */
export const LANGUAGES_OFFERED_DEFAULT: readonly Language[] = [DEFAULT_LANGUAGE];

/**
 * The offered languages of a stored `languages_offered` value: the supported ones in it, in the
 * site's order, and nl always (the default language every text falls back to).
 */
export function offeredLanguages(stored: unknown): Language[] {
  const chosen: unknown[] = Array.isArray(stored) ? stored : [];
  return SUPPORTED_LANGUAGES.filter(
    (language) => language === DEFAULT_LANGUAGE || chosen.includes(language),
  );
}

/**
 * The language a member or visitor is shown: the one they prefer when it is offered, else nl. A
 * member's stored preference stays as it is; it shows again once its language is offered.
 */
export function shownLanguage(preferred: unknown, offered: readonly Language[]): Language {
  return offered.includes(preferred as Language) ? (preferred as Language) : DEFAULT_LANGUAGE;
}

export const SUPPORTED_COUNTRIES = [
  'NL',
  'BE',
  'GB',
  'IE',
  'DE',
  'AT',
  'IT',
  'FR',
  'CH',
  'ES',
  'US',
  'CA',
  'AU',
  'NZ',
  'PL',
] as const;
export type CountryCode = (typeof SUPPORTED_COUNTRIES)[number];

export const REFRESH_INTERVAL_MS = 60_000;
export const REFRESH_INTERVAL_PUSH_MS = 300_000;
export const REFRESH_START_DELAY_MS = 5_000;

export const TIME_BONUS_POPUP_DELAY_MS = 40_000;
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_PERCENTAGE = 25.0;
export const TIME_BONUS_WINDOW_S = 14_400;
export const TIME_BONUS_TICK_MS = 1_000;
export const WELCOME_DISCOUNT_PERCENTAGE = 25;

export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const AUTO_LIKE_RELOAD_MS = 500;

export const PROGRESS_BAR_THROTTLE_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5_000;
export const PROGRESS_BAR_HIDE_DELAY_MS = 500;

export const FREE_MAX_CONVERSATIONS = 2;
export const FREE_MAX_PHOTOS = 3;
export const PREMIUM_MAX_PHOTOS = 25;
export const SWIPE_LIKES_PER_DAY = 4;
export const PREMIUM_MATCH_CHANCE_PERCENT = 46;

export const DELETION_RECONSIDERATION_DAYS = 14;

export const CREDITS_WARNING_THRESHOLD = 10;
export const UNREAD_BADGE_CAP = 99;

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;
export const AUTH_COOKIE = 'sid';
export const AUTH_COOKIE_DAYS = 30;
export const GEOLOCATION_CACHE_MS = 3_600_000;
export const REQUEST_RETRIES = 5;

export const ENTRY_WARNING_COUNTRIES: readonly CountryCode[] = ['NL', 'DE'];
export const DEFAULT_DATE_LOCALE = 'nl';
export const DESIGN_VERSION = 1;

export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const TOAST_MAX_WIDTH_PX = 350;
export const CHAT_MESSAGE_AREA_MAX_PX = 800;
export const CONVERSATION_LIST_MIN_PX = 300;
export const CONVERSATION_LIST_MAX_PX = 400;
export const PRIMARY_COLOR = '#6f42c1'; // purple; unread-messages colour equals it

/** Terms version date: the later of this and the company-added date (SPEC point 5). */
export const TERMS_BASE_DATE = '2023-12-01T12:00:00Z';

/** Our decisions where the spec says "not shown". */
export const MIN_AGE_DEFAULT = 18;
export const MESSAGE_LENGTH_DEFAULT = 1000;
/** The default of the setting chat_history_days; pages state the live value (settings). */
export const CHAT_HISTORY_LIMIT_DAYS = 365;
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_BLOCK_MINUTES = 15;
export const ACTIVATION_TOKEN_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 10;
/** bcrypt uses only the first 72 bytes of a password; longer ones are refused, never cut. */
export const PASSWORD_MAX_BYTES = 72;
/** A name or e-mail part this long or longer may not appear inside the password. */
export const PASSWORD_PERSONAL_MIN_CHARS = 4;
export const ACTIVATION_MAILS_PER_DAY = 5;
export const RESET_MAILS_PER_DAY = 3;
export const RESET_TOKEN_MINUTES = 60;
export const MAIL_CHANGE_TOKEN_HOURS = 24;

/** Profile names (SPEC point 5 rules are checked with their own messages). */
export const NAME_MAX_LENGTH = 40;
/** The message a new member may write at signup. */
export const SIGNUP_MESSAGE_MAX_LENGTH = 500;

/** Deletion reasons (SPEC point 3). */
export const DELETION_REASONS = [
  'price',
  'found_someone',
  'not_looking',
  'site_problems',
  'no_members',
  'time',
  'other',
] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];
/** Free remarks with a deletion (SPEC point 3). */
export const DELETION_REMARKS_MAX = 2000;

/** Header that every state-changing call must carry (SPEC point 7). */
export const REQUEST_TYPE_HEADER = 'x-request-type';
export const REQUEST_TYPE_CLIENT = 'client';

// ---- members (our decisions; the spec does not show them)
/** A member counts as online when active within this many minutes. */
export const ONLINE_MINUTES = 5;
/** Profiles shown on /signup-matches. */
export const SIGNUP_MATCHES_COUNT = 8;
/** Candidates read (newest activity first) before ranking them for /signup-matches. */
export const SIGNUP_MATCHES_CANDIDATES = 60;

// ---- profiles and photos (our decisions; the spec does not show them)
/** The about-me text. */
export const ABOUT_MAX_LENGTH = 2000;
/** Interests a member may choose. */
export const INTERESTS_MAX = 20;
/** Largest photo upload (bytes); larger ones are refused before they are read. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Largest decoded photo (pixels): a bigger one is refused before it is decoded. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Smallest photo side (pixels). */
export const PHOTO_MIN_SIDE = 200;
/** What an upload may be (sniffed from its bytes, never from its name). */
export const PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/avif',
] as const;
/** A reason a moderator gives when rejecting a photo, shown to the member. */
export const PHOTO_REJECT_REASON_MAX = 300;
/** What a complaint is about. */
export const COMPLAINT_ABOUT = ['member', 'photo', 'message', 'site'] as const;
export type ComplaintAbout = (typeof COMPLAINT_ABOUT)[number];
export const COMPLAINT_SUBJECT_MAX = 200;
export const COMPLAINT_MESSAGE_MAX = 5000;
/** Profiles shown under "related profiles" on a profile page. */
export const RELATED_PROFILES_COUNT = 6;

// ---- search (our decisions)
/** Profiles per search page. */
export const SEARCH_PAGE_SIZE = 24;
/** Results are counted up to this many; more shows as "1000+". */
export const SEARCH_COUNT_CAP = 1000;
/** Below this many results, page 1 adds similar profiles (wider filters). */
export const SEARCH_SIMILAR_BELOW = 12;
/** Distances a member may search within (km). */
export const SEARCH_DISTANCES_KM = [10, 25, 50, 100, 200] as const;
export const SEARCH_AGE_MIN = 18;
export const SEARCH_AGE_MAX = 99;

// ---- chat (our decisions; the spec does not show them)
/** Messages per page of a conversation (older ones load as the member scrolls up). */
export const CHAT_PAGE_SIZE = 30;
/** Messages per catch-up answer (GET /api/messages.php?since=). */
export const CATCH_UP_LIMIT = 200;
/** The chat list's preview of a text message (characters). */
export const MESSAGE_PREVIEW_LENGTH = 100;
/** A client sends `typing` at most this often while the member types. */
export const TYPING_EMIT_MS = 2_000;
/** The typing indicator shows this long after the last `typing` event. */
export const TYPING_SHOW_MS = 5_000;

// ---- payments (our decisions; the spec does not show them)
/** The member's payment status is read from the provider at most this often on return. */
export const PAYMENT_CHECK_INTERVAL_MS = 2_000;
/** The web asks the payment's status this often while it is pending on the return screen. */
export const PAYMENT_POLL_MS = 2_000;
/** ...for this long, then shows "pending" (bank transfers and debits take days). */
export const PAYMENT_POLL_FOR_MS = 60_000;
/** Direct debit: the sum a member may have debited in DIRECT_DEBIT_LIMIT_DAYS (EUR cents). */
export const DIRECT_DEBIT_LIMIT_CENTS = 10_000;
export const DIRECT_DEBIT_LIMIT_DAYS = 30;
/** The SMS code of the direct debit form: digits, lifetime, wrong tries, sends per hour. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_MINUTES = 10;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_CODES_PER_HOUR = 5;
/** Transactions per page on /transactions. */
export const TRANSACTIONS_PAGE_SIZE = 25;

// ---- visitors and favourites (issue 38; our decisions)
/** Visitors per page of the visitors page (newest first). */
export const VISITORS_PAGE_SIZE = 24;
/** Days a profile visit is kept, until an admin sets visit_retention_days. */
export const VISIT_RETENTION_DAYS_DEFAULT = 30;
/** Favourites per page of the favourites page. */
export const FAVOURITES_PAGE_SIZE = 48;

// ---- boosts (issue 38 item 3; our decisions)
/** A boost puts the member first in their region's search results for this many minutes. */
export const BOOST_MINUTES = 30;
/** The price of a boost in credits until an admin sets boost_credits. */
export const BOOST_CREDITS_DEFAULT = 50;
/** A premium member's free boost comes back this many days after the last free one started. */
export const BOOST_FREE_EVERY_DAYS = 7;
/** At most this many running boosts of a region (the newest) are put first in a search. */
export const BOOSTS_FIRST_MAX = 24;
// ---- what free members see (issue 38 items 4 and 6; our decisions)
/**
 * What a free member sees of the members who viewed their profile or liked them (site settings
 * free_members_see_visitors and free_members_see_likes): `count` how many and when, with
 * blurred cards (who it was is for premium members); `everything` the members themselves, as
 * premium members do.
 */
export const FREE_MEMBERS_SEE = ['count', 'everything'] as const;
export type FreeMembersSee = (typeof FREE_MEMBERS_SEE)[number];
/** Until an admin chooses: free members see the count only (who it is makes premium worth it). */
export const FREE_MEMBERS_SEE_DEFAULT: FreeMembersSee = 'count';
