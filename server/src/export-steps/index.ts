/** The export-steps feature's public API: how a feature declares its part of a member's export. */
export { ExportStepsModule } from './export-steps.module';
export {
  ExportRegistry,
  Exports,
  STAFF_WORK,
  type ExportContext,
  type ExportCoverage,
  type ExportPart,
  type ExportStep,
} from './export-registry';
