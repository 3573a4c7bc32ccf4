/** The search feature's public API. */
export { SearchModule } from './search.module';
