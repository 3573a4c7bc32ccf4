/**
 * What the seeds (prisma/seed) may use of this feature: the message writer, so the demo's conversations are written as the app writes them. Beside index.ts because the seeds
 * run under tsx, which cannot load the feature's Nest module (parameter decorators).
 */
export { insertMessage } from './message-writer.sql';
