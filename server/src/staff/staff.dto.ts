import { createZodDto } from '../common/zod-dto';
import {
  auditQuery,
  auditResponse,
  staffCodeBody,
  staffLoginBody,
  staffLoginResponse,
  staffMeResponse,
  staffRecoveryCodesBody,
  staffRecoveryCodesResponse,
  staffSignedInResponse,
} from '@app/contract';

export class StaffLoginBody extends createZodDto(staffLoginBody) {}
export class StaffLoginResponseDto extends createZodDto(staffLoginResponse) {}
export class StaffCodeBody extends createZodDto(staffCodeBody) {}
export class StaffSignedInResponseDto extends createZodDto(staffSignedInResponse) {}
export class StaffMeResponseDto extends createZodDto(staffMeResponse) {}
export class StaffRecoveryCodesBody extends createZodDto(staffRecoveryCodesBody) {}
export class StaffRecoveryCodesResponseDto extends createZodDto(staffRecoveryCodesResponse) {}
export class AuditQueryDto extends createZodDto(auditQuery) {}
export class AuditResponseDto extends createZodDto(auditResponse) {}
