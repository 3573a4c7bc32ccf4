/** The profiles feature's public API: the member's own profile. */
export { ProfilesModule } from './profiles.module';
export { ProfilesService, type CheckedProfile } from './profiles.service';
