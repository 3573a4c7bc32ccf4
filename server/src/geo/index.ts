/** The geocoding feature's public API. */
export { GeoModule } from './geo.module';
export { GeoService, type CitiesNear } from './geo.service';
