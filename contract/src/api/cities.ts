import { z } from 'zod';
import { dbId } from './fields';

/** GET /api/cities.php?region=<id>: the seeded cities of one region. */
export const citiesQuery = z.object({ region: dbId });

export const city = z.object({ id: z.number().int(), name: z.string() });
export type City = z.infer<typeof city>;

/** The region's cities by name; an empty list for a region that does not exist. */
export const citiesResponse = z.object({ region_id: z.number().int(), cities: z.array(city) });
export type CitiesResponse = z.infer<typeof citiesResponse>;
