import { z } from 'zod';
import { decimal } from './fields';

export const geocodeQuery = z.object({
  lat: decimal.pipe(z.number().min(-90).max(90)),
  lon: decimal.pipe(z.number().min(-180).max(180)),
});

/** The nearest seeded city (and its region) of a point. */
export const geocode = z.object({
  country: z.string(),
  region: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  city: z.object({
    id: z.number().int(),
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  distance_km: z.number(),
});
export type Geocode = z.infer<typeof geocode>;

export const geocodeResponse = z.object({ geocode });
export type GeocodeResponse = z.infer<typeof geocodeResponse>;

/** Liveness (/api/health/live): the process answers; it asks nothing of PostgreSQL or Redis. */
export const livenessResponse = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof livenessResponse>;

/** Readiness (/api/health/ready, and /api/health): PostgreSQL and Redis both answer. */
export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  redis: z.literal('ok'),
});
export type HealthResponse = z.infer<typeof healthResponse>;
