export { OperatorsPage } from './OperatorsPage';
export { OperatorReviewPage } from './OperatorReviewPage';
