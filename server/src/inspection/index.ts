/**
 * The inspection feature's public API: its module, and recording a changed profile text or one
 * held for review until approved (the signup text).
 */
export { InspectionModule } from './inspection.module';
export { holdTextForReview, recordTextChange } from './text-inspection.service';
