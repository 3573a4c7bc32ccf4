import { createZodDto } from '../common/zod-dto';
import { memberQuery, memberResponse, signupMatchesResponse } from '@app/contract';

export class MemberQuery extends createZodDto(memberQuery) {}
export class MemberResponseDto extends createZodDto(memberResponse) {}
export class SignupMatchesResponseDto extends createZodDto(signupMatchesResponse) {}
