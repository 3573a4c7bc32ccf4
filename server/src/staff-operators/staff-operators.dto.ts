import {
  idParam,
  operatorReviewQuery,
  operatorReviewResponse,
  operatorsResponse,
} from '@app/contract';
import { createZodDto } from '../common/zod-dto';

export class OperatorReviewQueryDto extends createZodDto(operatorReviewQuery) {}
export class OperatorsResponseDto extends createZodDto(operatorsResponse) {}
export class OperatorReviewResponseDto extends createZodDto(operatorReviewResponse) {}
export class IdParam extends createZodDto(idParam) {}
