/**
 * What reactivating would undo: a member's deletion, a switched-off profile, or nothing. The
 * member's page shows the action when this is not null; AccountActions.reactivate does it.
 */
export function reactivation(
  status: string,
  profileStatus: 'disabled' | 'active' | 'hidden' | null,
): 'deleted' | 'profile' | null {
  if (status === 'deleted') return 'deleted';
  if (status === 'confirmed' && profileStatus === 'disabled') return 'profile';
  return null;
}
