/** Page-bounce logging (the page-hidden beacon). */
export { BouncesModule } from './bounces.module';
