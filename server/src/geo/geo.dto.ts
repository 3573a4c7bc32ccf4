import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';

export const geocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export class GeocodeQuery extends createZodDto(geocodeQuerySchema) {}
