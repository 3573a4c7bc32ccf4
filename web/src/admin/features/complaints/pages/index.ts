export { ComplaintsInboxPage } from './ComplaintsInboxPage';
export { ComplaintPage } from './ComplaintPage';
