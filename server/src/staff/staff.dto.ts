import { createZodDto } from 'nestjs-zod';
import {
  auditQuery,
  auditResponse,
  staffCodeBody,
  staffLoginBody,
  staffLoginResponse,
  staffMeResponse,
  staffSignedInResponse,
} from '@app/contract';

export class StaffLoginBody extends createZodDto(staffLoginBody) {}
export class StaffLoginResponseDto extends createZodDto(staffLoginResponse) {}
export class StaffCodeBody extends createZodDto(staffCodeBody) {}
export class StaffSignedInResponseDto extends createZodDto(staffSignedInResponse) {}
export class StaffMeResponseDto extends createZodDto(staffMeResponse) {}
export class AuditQueryDto extends createZodDto(auditQuery) {}
export class AuditResponseDto extends createZodDto(auditResponse) {}
