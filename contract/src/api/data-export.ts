import { z } from 'zod';
import { passwordField } from './fields';

/** How many data exports a member may ask for per day (each is a ZIP built by the worker). */
export const DATA_EXPORTS_PER_DAY = 3;
/** How long the mailed download link of a data export works. */
export const DATA_EXPORT_LINK_HOURS = 24;

/** "Download my data" (GDPR art. 15 and 20): asked for with the current password. */
export const dataExportRequest = z.object({ password: passwordField });
export type DataExportRequest = z.infer<typeof dataExportRequest>;

/** The export is queued; a mail with a single-use link follows when it is ready. */
export const dataExportResponse = z.object({ status: z.literal('queued') });
export type DataExportResponse = z.infer<typeof dataExportResponse>;
