/** The visitors feature's public API: who viewed my profile (issue 38 item 1). */
export { VisitorsModule } from './visitors.module';
export { VisitsService } from './visits.service';
