export { Statements, type StatementInput } from './statements';
export { StatementWriterModule } from './statement-writer.module';
export { StatementsModule } from './statements.module';
