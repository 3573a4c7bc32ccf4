/**
 * The account feature's public API: what the shell and other features may use. The router loads
 * its pages through pages/index.ts.
 */
export { ProfilePhotoAlert, profilePhotoAlert } from './photos/ProfilePhotoAlert';
