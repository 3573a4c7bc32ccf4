/** The complaints feature's public API. */
export { ComplaintsModule } from './complaints.module';
export { ModerationService } from './moderation.service';
export { BansService } from './bans.service';
/** Showing a photo again that the moderation rejected (an appeal's reversal). */
export { restorePhoto } from './hiding';
