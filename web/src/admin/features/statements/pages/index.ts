export { AppealsPage } from './AppealsPage';
