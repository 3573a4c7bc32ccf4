import { createZodDto } from '../common/zod-dto';
import {
  enableEmailQuery,
  notificationPreferencesUpdate,
  notificationSettingsResponse,
} from '@app/contract';

export class NotificationPreferencesBody extends createZodDto(notificationPreferencesUpdate) {}
export class EnableEmailQueryDto extends createZodDto(enableEmailQuery) {}
export class NotificationSettingsResponseDto extends createZodDto(notificationSettingsResponse) {}
