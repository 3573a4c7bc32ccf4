import { createZodDto } from '../common/zod-dto';
import {
  complaintRequest,
  complaintResponse,
  staffComplaintsQuery,
  staffComplaintsResponse,
} from '@app/contract';

export class ComplaintBody extends createZodDto(complaintRequest) {}
export class ComplaintResponseDto extends createZodDto(complaintResponse) {}
export class StaffComplaintsQueryDto extends createZodDto(staffComplaintsQuery) {}
export class StaffComplaintsResponseDto extends createZodDto(staffComplaintsResponse) {}
