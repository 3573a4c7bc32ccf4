import { createZodDto } from '../common/zod-dto';
import {
  chatPhotoDecisionBody,
  chatPhotoDecisionResponse,
  chatPhotoQueueResponse,
  decisionIdParam,
  inspectionDecisionResponse,
  inspectionIdParam,
  inspectionNextBody,
  inspectionStatsResponse,
  inspectionUndoResponse,
  moderationListResponse,
  moderationQuery,
  moderationRequest,
  photoDecisionBody,
  photoNextResponse,
  photoQueueResponse,
  textDecisionBody,
  textNextResponse,
  textQueueResponse,
} from '@app/contract';

export class InspectionIdParam extends createZodDto(inspectionIdParam) {}
export class DecisionIdParam extends createZodDto(decisionIdParam) {}
export class InspectionNextBody extends createZodDto(inspectionNextBody) {}
export class InspectionStatsResponseDto extends createZodDto(inspectionStatsResponse) {}
export class PhotoQueueResponseDto extends createZodDto(photoQueueResponse) {}
export class PhotoNextResponseDto extends createZodDto(photoNextResponse) {}
export class PhotoDecisionBody extends createZodDto(photoDecisionBody) {}
export class TextQueueResponseDto extends createZodDto(textQueueResponse) {}
export class TextNextResponseDto extends createZodDto(textNextResponse) {}
export class TextDecisionBody extends createZodDto(textDecisionBody) {}
export class InspectionDecisionResponseDto extends createZodDto(inspectionDecisionResponse) {}
export class InspectionUndoResponseDto extends createZodDto(inspectionUndoResponse) {}
export class ModerationQuery extends createZodDto(moderationQuery) {}
export class ModerationBody extends createZodDto(moderationRequest) {}
export class ModerationListResponseDto extends createZodDto(moderationListResponse) {}
export class ChatPhotoQueueResponseDto extends createZodDto(chatPhotoQueueResponse) {}
export class ChatPhotoDecisionBody extends createZodDto(chatPhotoDecisionBody) {}
export class ChatPhotoDecisionResponseDto extends createZodDto(chatPhotoDecisionResponse) {}
