/**
 * The photos feature's public API (the member's own photos): the photo manager, for the profile
 * page, and the alert of a missing or refused main photo, for the members area's layout. It has
 * no page of its own.
 */
export { PhotoManager } from './components/PhotoManager';
export { ProfilePhotoAlert, profilePhotoAlert } from './components/ProfilePhotoAlert';
