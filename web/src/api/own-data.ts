/**
 * The cache keys of the member's own photos and own profile. Their calls are the photos and
 * profile features' (features/photos/api/, features/profile/api/); the keys are shared because
 * the realtime connection (web/src/realtime) reloads both when the server says they changed.
 */
export const ownPhotosQueryKey = ['own-photos'] as const;
export const ownProfileQueryKey = ['profile', 'own'] as const;
