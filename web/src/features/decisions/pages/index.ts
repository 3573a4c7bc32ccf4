export { DecisionsPage } from './DecisionsPage';
export { ReportPage } from './ReportPage';
