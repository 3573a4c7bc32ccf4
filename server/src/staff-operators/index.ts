/** The admins' review per operator (issue 38 item 5), the console's `operators` area. */
export { StaffOperatorsModule } from './staff-operators.module';
