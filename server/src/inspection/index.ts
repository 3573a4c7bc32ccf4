/** The inspection feature's public API: its module, and recording a changed profile text. */
export { InspectionModule } from './inspection.module';
export { recordTextChange } from './text-inspection.service';
