import { ERROR_STATUS, type ErrorCode } from '@app/contract';

export { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@app/contract';

/**
 * The one error the code throws for an answer the client should see: a code of the contract's
 * error model (status and message `errors.<code>` come with it), its message's placeholders,
 * and the request field it is about, so forms can show it in place.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly field?: string,
  ) {
    super(code);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
