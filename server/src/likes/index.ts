/** The likes feature's public API. */
export { LikesModule } from './likes.module';
