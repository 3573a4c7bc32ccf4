/**
 * The member's photos in the profile editor: upload (drag and drop, several at once, progress
 * and retry per file), state per photo, main photo choice, delete with confirmation.
 */
export function PhotoManager() {
  return null;
}
