/**
 * The inspection feature's public API: its modules (the queue's gauge alone, for the worker),
 * and recording a changed profile text or one held for review until approved (the signup text).
 */
export { InspectionMetricsModule, InspectionModule } from './inspection.module';
export { holdTextForReview, recordTextChange } from './text-inspection.service';
