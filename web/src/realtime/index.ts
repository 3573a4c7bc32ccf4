/**
 * The realtime layer (SPEC point 9): the member's socket.io connection and the refresh
 * schedule. Mount `RealtimeProvider` once inside the QueryClientProvider; features use the hooks.
 */
export { RealtimeProvider } from './RealtimeProvider';
export {
  useRealtimeEmit,
  useRealtimeEvent,
  useRealtimeFirstConnect,
  useRealtimeReconnect,
  useRealtimeStatus,
} from './hooks';
export type {
  AppSocket,
  ClientEventPayload,
  RealtimeEmit,
  RealtimeSocketOptions,
  RealtimeStatus,
} from './connection';
export { isPushSubscribed, useRefreshSchedule } from './refresh';
