export { ComplaintsInboxPage } from './ComplaintsInboxPage';
export { ComplaintPage } from './ComplaintPage';
export { ScamQueuePage } from './ScamQueuePage';
