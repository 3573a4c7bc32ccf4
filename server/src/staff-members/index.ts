/** The console's members area (admins). */
export { StaffMembersModule } from './staff-members.module';
