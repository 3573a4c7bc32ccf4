export { PhotoInspectionPage } from './PhotoInspectionPage';
export { TextInspectionPage } from './TextInspectionPage';
