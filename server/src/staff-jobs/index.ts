/** Failed and stuck jobs in the console (admins). */
export { StaffJobsModule } from './staff-jobs.module';
