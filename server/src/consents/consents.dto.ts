import { createZodDto } from '../common/zod-dto';
import { acceptConsentsRequest, consentsResponse, partnerSharingRequest } from '@app/contract';

export class AcceptConsentsBody extends createZodDto(acceptConsentsRequest) {}
export class PartnerSharingBody extends createZodDto(partnerSharingRequest) {}
export class ConsentsResponseDto extends createZodDto(consentsResponse) {}
