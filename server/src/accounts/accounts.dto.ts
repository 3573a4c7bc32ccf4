import { createZodDto } from '../common/zod-dto';
import {
  activationMailRequest,
  changePasswordRequest,
  linkQuery,
  loggedInResponse,
  loginRequest,
  mailChangeRequest,
  resetDoRequest,
  resetRequest,
  signupRequest,
  tokenRequest,
  updateUserRequest,
  userResponse,
} from '@app/contract';

export type { SignupInput } from '@app/contract';

// requests: the contract's schemas as Nest DTOs (validated by the global pipe)
export class LoginBody extends createZodDto(loginRequest) {}
export class SignupBody extends createZodDto(signupRequest) {}
export class ActivationMailBody extends createZodDto(activationMailRequest) {}
export class LinkQuery extends createZodDto(linkQuery) {}
export class ResetRequestBody extends createZodDto(resetRequest) {}
export class ResetDoBody extends createZodDto(resetDoRequest) {}
export class ChangePasswordBody extends createZodDto(changePasswordRequest) {}
export class MailChangeBody extends createZodDto(mailChangeRequest) {}
export class TokenBody extends createZodDto(tokenRequest) {}
export class UpdateUserBody extends createZodDto(updateUserRequest) {}

// responses (documented in OpenAPI)
export class UserResponseDto extends createZodDto(userResponse) {}
export class LoggedInResponseDto extends createZodDto(loggedInResponse) {}
