/** The credits feature's public API. */
export { CreditsModule } from './credits.module';
export { CreditsService } from './credits.service';
