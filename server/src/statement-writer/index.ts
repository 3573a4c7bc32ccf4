/**
 * The statement writer's public API: the one helper every restricting decision calls in its
 * transaction (see statements.ts), for the deciding features (inspection, complaints) and the
 * statements feature alike.
 */
export { Statements, appealUntil, presentStatement, type StatementInput } from './statements';
export { StatementWriterModule } from './statement-writer.module';
