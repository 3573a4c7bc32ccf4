/** Where a request comes from: a trusted proxy's country header, else the country database. */
export { VisitorCountryModule } from './visitor-country.module';
export { VisitorCountry, COUNTRY_HEADERS } from './visitor-country.service';
export { CountryDatabase } from './country-database';
