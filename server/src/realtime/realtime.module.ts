import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { RealtimeGateway } from './realtime.gateway';
import { Realtime } from './realtime.service';
import { Presence } from './presence.service';

/**
 * The socket.io server on the app's HTTP server (RealtimeGateway) and the one way features emit
 * to members (Realtime). In a process without an HTTP server (the worker) emits are dropped.
 */
@Global()
@Module({
  imports: [AuthModule],
  providers: [Realtime, RealtimeGateway, Presence],
  exports: [Realtime, Presence],
})
export class RealtimeModule {}
