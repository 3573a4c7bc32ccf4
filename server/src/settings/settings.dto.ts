import { createZodDto } from '../common/zod-dto';
import {
  companyInfoResponse,
  interestsResponse,
  regionsQuery,
  regionsResponse,
  settingsQuery,
  settingsResponse,
} from '@app/contract';

export class SettingsQuery extends createZodDto(settingsQuery) {}
export class RegionsQuery extends createZodDto(regionsQuery) {}
export class SettingsResponseDto extends createZodDto(settingsResponse) {}
export class InterestsResponseDto extends createZodDto(interestsResponse) {}
export class RegionsResponseDto extends createZodDto(regionsResponse) {}
export class CompanyInfoResponseDto extends createZodDto(companyInfoResponse) {}
