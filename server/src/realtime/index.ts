/** Infrastructure: live events to members' open tabs (socket.io). Features emit through Realtime. */
export { RealtimeModule } from './realtime.module';
export {
  Realtime,
  memberRoom,
  type SocketMember,
  type ClientEventHandlers,
} from './realtime.service';
export { Presence, PRESENCE_TTL_MS } from './presence.service';
