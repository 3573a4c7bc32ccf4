import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportStep } from '../export-steps';

/** The chat partners' photo libraries are staff work: nothing of them goes in the export. */
@Injectable()
@Exports()
export class LibraryExport implements ExportStep {
  readonly covers = { 'partner_library_photos.added_by_id': STAFF_WORK } as const;
}
