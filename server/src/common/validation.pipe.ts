import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ZodValidationPipe } from 'nestjs-zod';
import { rejectControlCharacters } from './input-text';

/**
 * The global pipe: request bodies and query strings are first checked for control characters
 * (400 invalid_characters, never a database error), then validated by their zod DTO.
 */
@Injectable()
export class AppValidationPipe implements PipeTransform {
  private readonly zod = new ZodValidationPipe();

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' || metadata.type === 'query') rejectControlCharacters(value);
    return this.zod.transform(value, metadata);
  }
}
