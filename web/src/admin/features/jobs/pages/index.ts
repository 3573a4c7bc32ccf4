export { JobsPage } from './JobsPage';
