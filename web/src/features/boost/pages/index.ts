export { BoostPage } from './BoostPage';
