/** The deletion feature's public API. */
export { DeletionModule } from './deletion.module';
export { DeletionService, type PurgeJob } from './deletion.service';
export { PurgeProcessor } from './purge.processor';
