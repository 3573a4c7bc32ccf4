import { createZodDto } from '../common/zod-dto';
import { z } from 'zod';
import {
  complaintActionBody,
  complaintDetailResponse,
  dbId,
  memberBanBody,
  memberBanResponse,
  staffInboxQuery,
  staffInboxResponse,
  scamFlagActionBody,
  scamFlagResponse,
  scamQueueQuery,
  scamQueueResponse,
} from '@app/contract';

export class StaffInboxQueryDto extends createZodDto(staffInboxQuery) {}
export class StaffInboxResponseDto extends createZodDto(staffInboxResponse) {}
export class ComplaintDetailResponseDto extends createZodDto(complaintDetailResponse) {}
export class ComplaintActionBodyDto extends createZodDto(complaintActionBody) {}
export class MemberBanBodyDto extends createZodDto(memberBanBody) {}
export class MemberBanResponseDto extends createZodDto(memberBanResponse) {}
export class IdParamDto extends createZodDto(z.object({ id: dbId })) {}
export class ScamQueueQueryDto extends createZodDto(scamQueueQuery) {}
export class ScamQueueResponseDto extends createZodDto(scamQueueResponse) {}
export class ScamFlagActionBodyDto extends createZodDto(scamFlagActionBody) {}
export class ScamFlagResponseDto extends createZodDto(scamFlagResponse) {}
