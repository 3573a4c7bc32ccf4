/** The complaints feature's public API. */
export { ComplaintsModule } from './complaints.module';
export { ModerationService } from './moderation.service';
export { BansService } from './bans.service';
