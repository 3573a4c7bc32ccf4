export { ComplaintsPage } from './ComplaintsPage';
