import { createZodDto } from '../common/zod-dto';
import { citiesQuery, citiesResponse, geocodeQuery, geocodeResponse } from '@app/contract';

export class GeocodeQuery extends createZodDto(geocodeQuery) {}
export class GeocodeResponseDto extends createZodDto(geocodeResponse) {}
export class CitiesQuery extends createZodDto(citiesQuery) {}
export class CitiesResponseDto extends createZodDto(citiesResponse) {}
