/** The likes feature's public API. */
export { LikesModule } from './likes.module';
export { LikesService } from './likes.service';
