/** The proof-of-work challenge (ALTCHA): its public API. */
export { ChallengeModule } from './challenge.module';
export { ChallengeService } from './challenge.service';
