import { createZodDto } from '../common/zod-dto';
import {
  cannedRepliesResponse,
  cannedReplyBody,
  cannedReplyResponse,
  conversationNoteBody,
  conversationNotesResponse,
  idParam,
  personaBody,
  personaFactBody,
  personaPanelResponse,
  personaResponse,
} from '@app/contract';

export class PersonaResponseDto extends createZodDto(personaResponse) {}
export class PersonaBody extends createZodDto(personaBody) {}
export class PersonaFactBody extends createZodDto(personaFactBody) {}
export class FactParam extends createZodDto(idParam.extend({ fact: idParam.shape.id })) {}
export class ConversationNoteBody extends createZodDto(conversationNoteBody) {}
export class ConversationNotesResponseDto extends createZodDto(conversationNotesResponse) {}
export class CannedReplyBody extends createZodDto(cannedReplyBody) {}
export class CannedReplyResponseDto extends createZodDto(cannedReplyResponse) {}
export class CannedRepliesResponseDto extends createZodDto(cannedRepliesResponse) {}
export class PersonaPanelResponseDto extends createZodDto(personaPanelResponse) {}
