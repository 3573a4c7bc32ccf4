import { z } from 'zod';

/**
 * One error model: every failure the API reports has a code, an HTTP status and a message
 * (`errors.<code>` in this package's catalogues, i18n/*.json, shared by server and web). The
 * spec's Dutch messages are the nl values.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  invalid_idempotency_key: 400,
  invalid_characters: 400,
  invalid_coordinates: 400,
  invalid_email: 400,
  new_email_invalid: 400,
  passwords_mismatch: 400,
  wrong_old_password: 400,
  wrong_password: 400,
  reset_link_invalid: 400,
  link_invalid: 400,
  email_not_found: 404,
  invalid_name_email: 400,
  invalid_name_at: 400,
  invalid_name_link: 400,
  invalid_name_phone: 400,
  birthdate_required: 400,
  invalid_birthdate: 400,
  invalid_region: 400,
  invalid_city: 400,
  invalid_interest: 400,
  /** A language the site does not offer (the setting languages_offered). */
  language_not_offered: 400,
  cannot_block_self: 400,
  complaint_target_required: 400,
  complaint_contact_required: 400,
  message_too_long: 400,
  message_empty: 400,
  password_too_short: 400,
  password_too_long: 400,
  password_personal: 400,
  terms_required: 400,
  fictional_ack_required: 400,
  login_failed: 401,
  staff_code_invalid: 401,
  staff_challenge_expired: 401,
  insufficient_credits: 402,
  signup_invite_only: 403,
  signups_disabled: 403,
  authentication_required: 403,
  search_login_required: 403,
  premium_only: 403,
  forbidden: 403,
  invalid_request_type: 403,
  not_found: 404,
  location_not_found: 404,
  session_not_found: 404,
  email_taken: 409,
  account_reactivatable: 409,
  already_confirmed: 409,
  conflict: 409,
  /** The change would leave the site without an enabled admin. */
  last_admin: 409,
  conversation_locked: 409,
  complaint_handled: 409,
  complaint_action_unavailable: 409,
  member_already_banned: 409,
  /**
   * The staff member's authenticator secret cannot be decrypted any more (STAFF_SECRET_KEY, or
   * for a secret from before it the MEDIA_SECRET, changed): a recovery code, or an admin resets
   * the second factor.
   */
  staff_second_factor_unreadable: 409,
  member_not_banned: 409,
  /** Statements of reasons (issue 35): an appeal is decided by someone other than who decided. */
  appeal_same_moderator: 403,
  appeal_exists: 409,
  appeal_decided: 409,
  appeal_window_closed: 409,
  statement_link_invalid: 404,
  notice_contact_required: 400,
  transparency_period_invalid: 400,
  account_banned: 403,
  idempotency_in_progress: 409,
  photo_limit_reached: 409,
  payload_too_large: 413,
  photo_too_large: 413,
  unsupported_media_type: 415,
  photo_type_unsupported: 415,
  photo_unreadable: 422,
  photo_too_many_pixels: 422,
  photo_too_small: 422,
  /** A chat pal (fictional profile) asked to verify: never verified. */
  verification_unavailable: 403,
  /** A verification request is open already (a gesture given, or a selfie waiting). */
  verification_open: 409,
  /** A selfie without a gesture asked for (none, or it expired). */
  verification_not_requested: 409,
  already_verified: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  swipe_limit_reached: 429,
  login_blocked: 429,
  reset_limit: 429,
  // payments (issue 12)
  idempotency_key_required: 400,
  otp_invalid: 400,
  invalid_iban: 400,
  invalid_phone: 400,
  phone_unsupported: 400,
  consent_required: 400,
  payment_failed: 402,
  recurring_payment_failed: 402,
  directdebit_blocked: 403,
  discount_not_found: 404,
  discount_used: 409,
  /** Reserved by a checkout still open (the member's own, or another member's one-use code). */
  discount_reserved: 409,
  repeat_order_unavailable: 409,
  discount_expired: 410,
  /** A deletion offer's code once the deletion it was offered in is over (the member stayed). */
  discount_offer_ended: 410,
  /** The deletion offer asked for without a deletion begun on the deletion page. */
  deletion_not_started: 409,
  discount_not_applicable: 422,
  discount_minimum_order: 422,
  payment_method_unavailable: 422,
  directdebit_limit_reached: 422,
  // staff: members (issue 19)
  erase_confirmation_mismatch: 400,
  member_not_reactivatable: 409,
  member_not_erasable: 409,
  credits_below_zero: 422,
  // "Download my data" (issue 20): the mailed link, followed in a browser
  data_export_login_required: 401,
  data_export_link_invalid: 404,
  data_export_link_used: 410,
  data_export_link_expired: 410,
  // the site's catalogue (issue 19)
  code_taken: 409,
  package_below_minimum: 422,
  // web push (issue 20)
  /** The site has no VAPID keys: push is off. */
  push_unavailable: 422,
  /** The subscription's endpoint is not a known push service's (the server would POST to it). */
  push_endpoint_refused: 400,
  internal_error: 500,
  payment_provider_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The JSON body of every error response. */
export const errorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    field: z.string().optional(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    correlation_id: z.string().optional(),
  })
  .catchall(z.unknown());
export type ErrorBody = z.infer<typeof errorBody>;
