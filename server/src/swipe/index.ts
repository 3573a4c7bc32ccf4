/** The swipe game feature's public API. */
export { SwipeModule } from './swipe.module';
