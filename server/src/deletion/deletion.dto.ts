import { createZodDto } from '../common/zod-dto';
import { deleteAccountRequest, deleteAccountResponse, linkQuery } from '@app/contract';

export class DeleteAccountBody extends createZodDto(deleteAccountRequest) {}
export class ReactivateQuery extends createZodDto(linkQuery) {}
export class DeleteAccountResponseDto extends createZodDto(deleteAccountResponse) {}
