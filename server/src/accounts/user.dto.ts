import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { SUPPORTED_LANGUAGES } from '../common/constants';

export const updateUserSchema = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });
export class UpdateUserBody extends createZodDto(updateUserSchema) {}
