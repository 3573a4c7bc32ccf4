export { OfflinePage } from './OfflinePage';
export { UpdatePrompt } from './UpdatePrompt';
export { useOnline } from './online';
export { useWorkerMessages } from './worker-messages';
