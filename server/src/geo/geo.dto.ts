import { createZodDto } from 'nestjs-zod';
import { geocodeQuery, geocodeResponse } from '@app/contract';

export class GeocodeQuery extends createZodDto(geocodeQuery) {}
export class GeocodeResponseDto extends createZodDto(geocodeResponse) {}
