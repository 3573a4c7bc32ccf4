export { LanderPage } from './LanderPage';
