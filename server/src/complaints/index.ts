/** The complaints feature's public API. */
export { ComplaintsModule } from './complaints.module';
