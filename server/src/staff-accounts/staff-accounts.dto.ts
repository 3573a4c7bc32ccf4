import { z } from 'zod';
import { createZodDto } from '../common/zod-dto';
import {
  createdStaffAccountResponse,
  createStaffAccountBody,
  dbId,
  staffAccountActionBody,
  staffAccountResponse,
  staffAccountsResponse,
  staffRolesBody,
} from '@app/contract';

export class StaffAccountParams extends createZodDto(z.object({ id: dbId })) {}
export class StaffAccountsResponseDto extends createZodDto(staffAccountsResponse) {}
export class CreateStaffAccountBodyDto extends createZodDto(createStaffAccountBody) {}
export class CreatedStaffAccountResponseDto extends createZodDto(createdStaffAccountResponse) {}
export class StaffRolesBodyDto extends createZodDto(staffRolesBody) {}
export class StaffAccountActionBodyDto extends createZodDto(staffAccountActionBody) {}
export class StaffAccountResponseDto extends createZodDto(staffAccountResponse) {}
