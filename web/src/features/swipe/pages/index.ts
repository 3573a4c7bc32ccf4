export { SwipeGamePage } from './SwipeGamePage';
