/** The search feature's public API. */
export { SearchModule } from './search.module';
export { SearchService } from './search.service';
