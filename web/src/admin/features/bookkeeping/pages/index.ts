export { BookkeepingPage } from './BookkeepingPage';
