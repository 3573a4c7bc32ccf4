/** The geocoding feature's public API. */
export { GeoModule } from './geo.module';
