import { createZodDto } from '../common/zod-dto';
import {
  visitorSettingsRequest,
  visitorSettingsResponse,
  visitorsQuery,
  visitorsResponse,
} from '@app/contract';

export class VisitorsQueryDto extends createZodDto(visitorsQuery) {}
export class VisitorsResponseDto extends createZodDto(visitorsResponse) {}
export class VisitorSettingsBody extends createZodDto(visitorSettingsRequest) {}
export class VisitorSettingsResponseDto extends createZodDto(visitorSettingsResponse) {}
