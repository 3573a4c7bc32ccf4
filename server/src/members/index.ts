/** The members feature's public API. */
export { MembersModule } from './members.module';
