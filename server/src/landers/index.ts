/** The landers feature's public API: the members the landing pages show visitors. */
export { LandersModule } from './landers.module';
export { LandersService } from './landers.service';
