/** The staff side's public API: the role guard, the signed-in staff member, the audit log. */
export { StaffModule } from './staff.module';
export { CurrentStaff, Staff, StaffGuard, mayAct, type StaffRequest } from './staff.guard';
export { StaffSessions, type StaffPrincipal } from './staff-sessions.service';
export { AuditLog, type AuditRecord } from './audit.service';
export { StaffChanges, type Changed } from './staff-change';
