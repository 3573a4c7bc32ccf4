/** The purge feature's public API: how a feature declares its part of erasing a member. */
export { PurgeModule } from './purge.module';
export {
  PurgeRegistry,
  Purges,
  type Coverage,
  type PurgeStep,
  type StoredFile,
} from './purge-registry';
