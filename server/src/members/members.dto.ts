import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { dbId } from '../common/schemas';

export const memberQuerySchema = z.object({ id: dbId });
export class MemberQuery extends createZodDto(memberQuerySchema) {}
