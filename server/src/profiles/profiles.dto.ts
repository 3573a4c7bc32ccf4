import { createZodDto } from '../common/zod-dto';
import { ownProfileResponse, profileUpdateRequest } from '@app/contract';

export class ProfileUpdateBody extends createZodDto(profileUpdateRequest) {}
export class OwnProfileResponseDto extends createZodDto(ownProfileResponse) {}
