import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';
import { AppError, ERROR_STATUS, type ErrorBody, type ErrorCode } from './app-error';
import { clientFault, isServiceUnavailable, isUniqueViolation, redactUrl } from './failures';
import { requestLanguage } from './request-language';
import { issueMessage } from './validation-messages';
import { translate } from '../i18n/i18n';
import { currentRequestId, reportError, routeOf } from '../logging';
import { RETRY_AFTER_SECONDS } from '../config/timeouts';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  403: 'authentication_required',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/**
 * Maps every exception to `{ error, message }` in the member's language. What a client caused
 * (a body too large or undecodable, a race for a unique value) is a 4xx; an outage of
 * PostgreSQL or Redis is a 503 with Retry-After; anything else becomes a plain 500 with a correlation id, its
 * stack logged (with link tokens redacted), never sent.
 */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const language = requestLanguage(req);
    const message = (code: ErrorCode, params?: Record<string, unknown>) =>
      translate(language, `errors.${code}`, params);
    const plain = (code: ErrorCode): [number, ErrorBody] => [
      ERROR_STATUS[code],
      { error: code, message: message(code) },
    ];

    let status: number;
    let body: ErrorBody;
    const fault = clientFault(exception);
    if (exception instanceof AppError) {
      status = exception.status;
      // params are the message's placeholders ({minutes}, {min_age}); clients get them too
      body = {
        ...exception.params,
        error: exception.code,
        message: message(exception.code, exception.params),
      };
      if (exception.field) body.field = exception.field;
      // a limit a service counts itself (texts, webhook reads, code guesses) says when to come back
      const wait = exception.params.retry_after;
      if (typeof wait === 'number') res.setHeader('Retry-After', String(wait));
    } else if (exception instanceof ZodValidationException) {
      status = ERROR_STATUS.validation_failed;
      const error = exception.getZodError();
      const input: unknown = { ...(req.query as object), ...(req.body as object) };
      const issues =
        error instanceof ZodError
          ? error.issues.map((issue) => ({
              field: issue.path.join('.'),
              message: issueMessage(language, issue, input),
            }))
          : [];
      body = { error: 'validation_failed', message: message('validation_failed'), issues };
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const code = STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : 'validation_failed');
      body = { error: code, message: message(code) };
    } else if (fault) {
      status = fault.status;
      body = { error: fault.code, message: message(fault.code) };
    } else if (isUniqueViolation(exception)) {
      [status, body] = plain('conflict');
    } else if (isServiceUnavailable(exception)) {
      [status, body] = plain('service_unavailable');
      this.logger.warn(
        `${req.method} ${redactUrl(req.originalUrl)}: a service is unavailable: ${describe(exception)}`,
      );
    } else {
      status = 500;
      // the request's id (X-Request-Id): the answer, the log line and the proxy's log agree
      const correlationId = currentRequestId() ?? randomUUID();
      this.logger.error(
        `${req.method} ${redactUrl(req.originalUrl)} failed [${correlationId}]`,
        exception instanceof Error ? exception.stack : String(exception),
      );
      reportError(exception, {
        request_id: correlationId,
        method: req.method,
        route: routeOf(req),
      });
      body = {
        error: 'internal_error',
        message: message('internal_error'),
        correlation_id: correlationId,
      };
    }
    // every 503 (an outage, however it was noticed) says when to try again
    if (status === 503 && !res.getHeader('Retry-After')) {
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    }
    if (!res.headersSent) res.status(status).json(body);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
