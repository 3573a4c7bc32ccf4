/** The boosts feature's public API (issue 38 item 3): search reads which members go first. */
export { BoostsModule } from './boosts.module';
export { BoostedMembers } from './boosted-members';
export { BoostsService } from './boosts.service';
