/** The health check's public API. */
export { HealthModule } from './health.module';
