/**
 * What the seeds (prisma/seed) may use of this feature: the one credits service, so the demo's credits have their ledger rows. Beside index.ts because the seeds
 * run under tsx, which cannot load the feature's Nest module (parameter decorators).
 */
export { CreditsService } from './credits.service';
