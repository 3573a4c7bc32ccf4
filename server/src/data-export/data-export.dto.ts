import { createZodDto } from '../common/zod-dto';
import { dataExportRequest, dataExportResponse, linkQuery } from '@app/contract';

export class DataExportBody extends createZodDto(dataExportRequest) {}
export class DataExportResponseDto extends createZodDto(dataExportResponse) {}
export class DataExportLinkQuery extends createZodDto(linkQuery) {}
