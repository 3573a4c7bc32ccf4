import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';

/** Page query parameters pass through; these are the ones the server reads. */
export const settingsQuerySchema = z
  .object({
    forced_domain: z
      .string()
      .max(253)
      .regex(/^[a-z0-9.-]*$/i)
      .optional(),
    country: z.string().length(2).optional(),
  })
  .passthrough();
export class SettingsQuery extends createZodDto(settingsQuerySchema) {}

export const regionsQuerySchema = z.object({
  country: z
    .string()
    .length(2)
    .transform((c) => c.toUpperCase())
    .optional(),
});
export class RegionsQuery extends createZodDto(regionsQuerySchema) {}
