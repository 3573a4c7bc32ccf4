/** The statements feature's public API (the writer itself: ../statement-writer). */
export { StatementsModule } from './statements.module';
