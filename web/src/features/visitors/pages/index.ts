export { VisitorsPage } from './VisitorsPage';
