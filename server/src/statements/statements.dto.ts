import { createZodDto } from '../common/zod-dto';
import {
  appealBody,
  appealDecisionBody,
  appealDecisionResponse,
  appealResponse,
  noticeRequest,
  noticeResponse,
  staffAppealsQuery,
  staffAppealsResponse,
  statementAccessQuery,
  statementIdParam,
  statementsResponse,
  transparencyQuery,
} from '@app/contract';

export class StatementIdParam extends createZodDto(statementIdParam) {}
export class StatementsResponseDto extends createZodDto(statementsResponse) {}
export class AppealBody extends createZodDto(appealBody) {}
export class AppealResponseDto extends createZodDto(appealResponse) {}
export class StatementAccessQuery extends createZodDto(statementAccessQuery) {}
export class StaffAppealsQuery extends createZodDto(staffAppealsQuery) {}
export class StaffAppealsResponseDto extends createZodDto(staffAppealsResponse) {}
export class AppealDecisionBody extends createZodDto(appealDecisionBody) {}
export class AppealDecisionResponseDto extends createZodDto(appealDecisionResponse) {}
export class TransparencyQueryDto extends createZodDto(transparencyQuery) {}
export class NoticeBody extends createZodDto(noticeRequest) {}
export class NoticeResponseDto extends createZodDto(noticeResponse) {}
