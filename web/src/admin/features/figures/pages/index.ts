export { FiguresPage } from './FiguresPage';
export { TrafficPage } from './TrafficPage';
export { PostbacksPage } from './PostbacksPage';
