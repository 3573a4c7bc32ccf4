/** The blocks feature's public API. */
export { BlocksModule } from './blocks.module';
