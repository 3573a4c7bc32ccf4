import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { decimal } from '../common/schemas';

export const geocodeQuerySchema = z.object({
  lat: decimal.pipe(z.number().min(-90).max(90)),
  lon: decimal.pipe(z.number().min(-180).max(180)),
});
export class GeocodeQuery extends createZodDto(geocodeQuerySchema) {}
