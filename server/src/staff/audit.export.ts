import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportStep } from '../export-steps';

/** A staff account's sign-in data stays out of the export (staff work, no member data). */
@Injectable()
@Exports()
export class AuditExport implements ExportStep {
  readonly covers = {
    'staff_sessions.user_id': STAFF_WORK,
    'staff_second_factors.user_id': STAFF_WORK,
    'staff_recovery_codes.user_id': STAFF_WORK,
    'staff_login_challenges.user_id': STAFF_WORK,
  } as const;
}
