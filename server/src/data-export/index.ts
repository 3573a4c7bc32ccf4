/** The data-export feature's public API ("Download my data", GDPR art. 15 and 20). */
export { DataExportModule } from './data-export.module';
export { DataExportService } from './data-export.service';
export { DataExportProcessor } from './data-export.processor';
