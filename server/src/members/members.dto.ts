import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';

export const memberQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
});
export class MemberQuery extends createZodDto(memberQuerySchema) {}
