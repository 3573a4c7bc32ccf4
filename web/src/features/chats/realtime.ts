/**
 * The one place the chats feature reaches the socket (the realtime module's hooks), so that a
 * test can stand in for it.
 */
export {
  useRealtimeEmit,
  useRealtimeEvent,
  useRealtimeFirstConnect,
  useRealtimeReconnect,
  useRealtimeStatus,
} from '../../realtime';
