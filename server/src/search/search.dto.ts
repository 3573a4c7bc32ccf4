import { createZodDto } from '../common/zod-dto';
import { searchQuery, searchResponse } from '@app/contract';

export class SearchQueryDto extends createZodDto(searchQuery) {}
export class SearchResponseDto extends createZodDto(searchResponse) {}
