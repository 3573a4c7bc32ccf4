import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { AuditLog } from './audit.service';
import { AuditPurge } from './audit.purge';
import { AuditExport } from './audit.export';
import { SecondFactor } from './second-factor';
import { StaffAuth } from './staff-auth.service';
import { StaffAuthController } from './staff-auth.controller';
import { StaffGuard } from './staff.guard';
import { StaffSessions } from './staff-sessions.service';
import { StaffChanges } from './staff-change';

/**
 * What every feature with staff routes uses: the guard (@Staff), the sessions, the audit log,
 * and the one way a change and its audit row are written (StaffChanges).
 */
const EXPORTED = [StaffSessions, StaffGuard, AuditLog, StaffChanges];

/**
 * The staff side's own sign-in (password, then TOTP), sessions, role guard and audit log.
 * Global: every feature's staff routes use the guard and write the audit log.
 */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [StaffAuthController],
  providers: [...EXPORTED, SecondFactor, StaffAuth, AuditPurge, AuditExport],
  exports: EXPORTED,
})
export class StaffModule {}
