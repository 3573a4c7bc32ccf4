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
  /** A purchase without the consent to immediate delivery (the checkout's checkbox). */
  delivery_consent_required: 400,
  /** A legal document's version that is no longer (or never was) the one in force. */
  consent_version_outdated: 409,
  login_failed: 401,
  staff_code_invalid: 401,
  staff_challenge_expired: 401,
  insufficient_credits: 402,
  signup_invite_only: 403,
  /** A proof-of-work challenge (ALTCHA) is needed: signup, a login after failures, a reset. */
  challenge_required: 400,
  /** The challenge's solution is forged, expired, for another key or already used. */
  challenge_invalid: 400,
  /** Signup with an address of a disposable (throwaway) mail domain. */
  email_disposable: 400,
  /** A free member whose other account (same person, by device or payment) used the free conversations. */
  free_conversations_linked: 403,
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
  /** A photo or gift as a chat partner while the member's question whether a real person
   * writes is unanswered: the honest answer goes first (staff-operators.ts). */
  honest_answer_first: 409,
  /** A canned reply naming a placeholder other than {name} and {city}. */
  canned_reply_placeholder_unknown: 400,
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
  /** Staff withdrew a badge the member does not have (any more). */
  not_verified: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  swipe_limit_reached: 429,
  login_blocked: 429,
  reset_limit: 429,
  // boosts (issue 38 item 3)
  /** A boost runs already: at most one at a time. */
  boost_running: 409,
  /** The member's profile names no region: a boost shows in a region. */
  boost_no_region: 409,
  /** The member's profile is not in search (invisible, not activated, hidden): no boost. */
  boost_not_listed: 409,
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
  campaign_not_found: 404,
  discount_used: 409,
  /** The welcome discount, when another account of the same person had it (or paid) already. */
  discount_linked_account: 409,
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
  // refunds from the console (issue 36): more than is left of the payment, or a payment that
  // was never paid or is refunded in full already
  refund_exceeds_payment: 422,
  payment_not_refundable: 409,
  /** The payment provider refused the refund, or reports it failed or cancelled: none was made. */
  refund_refused: 422,
  /** A queue's job that is not there (any more: removed, or the queue unknown). */
  job_not_found: 404,
  /** A job retried from the console that has not failed (it runs, waits or succeeded). */
  job_not_retryable: 409,
  // "Download my data" (issue 20): the mailed link, followed in a browser
  data_export_login_required: 401,
  data_export_link_invalid: 404,
  data_export_link_used: 410,
  data_export_link_expired: 410,
  // the site's catalogue (issue 19)
  code_taken: 409,
  /** A campaign that is no longer a draft (scheduled, sending, sent, cancelled). */
  campaign_not_editable: 409,
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
