/** The verification feature's public API: its modules (HTTP process, worker). */
export { VerificationModule, VerificationWorkerModule } from './verification.module';
