import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';
import { AppError, ERROR_STATUS, type ErrorBody, type ErrorCode } from './app-error';
import { requestLanguage } from './request-language';
import { translate } from '../i18n/i18n';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  403: 'authentication_required',
  404: 'not_found',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/**
 * Maps every exception to `{ error, message }` in the member's language. Unknown errors become a
 * plain 500 with a correlation id; the stack is logged, never sent.
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

    let status: number;
    let body: ErrorBody;
    if (exception instanceof AppError) {
      status = exception.status;
      // params are the message's placeholders ({minutes}, {min_age}); clients get them too
      body = {
        ...exception.params,
        error: exception.code,
        message: message(exception.code, exception.params),
      };
      if (exception.field) body.field = exception.field;
    } else if (exception instanceof ZodValidationException) {
      status = ERROR_STATUS.validation_failed;
      const error = exception.getZodError();
      body = {
        error: 'validation_failed',
        message: message('validation_failed'),
        issues:
          error instanceof ZodError
            ? error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))
            : [],
      };
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const code = STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : 'validation_failed');
      body = { error: code, message: message(code) };
    } else {
      status = 500;
      const correlationId = randomUUID();
      this.logger.error(
        `${req.method} ${req.originalUrl} failed [${correlationId}]`,
        exception instanceof Error ? exception.stack : String(exception),
      );
      body = {
        error: 'internal_error',
        message: message('internal_error'),
        correlation_id: correlationId,
      };
    }
    if (!res.headersSent) res.status(status).json(body);
  }
}
