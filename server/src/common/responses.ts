import { applyDecorators, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiFoundResponse, ApiResponse } from '@nestjs/swagger';
import { createZodDto } from './zod-dto';
import { emailResponse, okResponse } from '@app/contract';

export class OkResponseDto extends createZodDto(okResponse) {}
export class EmailResponseDto extends createZodDto(emailResponse) {}

/**
 * The answer of an operation in the OpenAPI description: its status and the contract's schema
 * of its body (every JSON operation has one; a test checks).
 */
export const Returns = (type: abstract new (...args: never[]) => unknown, status = HttpStatus.OK) =>
  applyDecorators(HttpCode(status), ApiResponse({ status, type }));

/** A link target that answers with a redirect to a page of the web app. */
export const Redirects = (description: string) =>
  applyDecorators(ApiFoundResponse({ description }));
