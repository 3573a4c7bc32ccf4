import type { Logger } from '@nestjs/common';
import type { Namespace } from 'socket.io';
import {
  Adapter,
  MessageType,
  type BroadcastOptions,
  type ClusterMessage,
} from 'socket.io-adapter';

/**
 * What socket.io takes as `adapter`: a constructor of one adapter per namespace (called with
 * `new`; a function that returns the adapter, as the streams adapter's createAdapter gives).
 */
type AdapterFactory = (nsp: Namespace) => Adapter;

/** The cluster adapter's own (protected) publish, which the streams adapter implements. */
interface Publishing {
  publishAndReturnOffset(message: ClusterMessage): Promise<string>;
}

/**
 * How often a broadcast is published before it is given up, and the pause between: a publish
 * fails when Redis drops the connection under it (a failover: the write cut mid-pipeline, or
 * the queued writes of a reconnect the failover detector cut, redis/connection.ts); the next
 * one waits in the connection's offline queue for the new master. A repeat of one that did
 * land is dropped by the client (by the message's id).
 */
const PUBLISH_ATTEMPTS = 5;
const PUBLISH_RETRY_MS = 100;

/**
 * The cluster adapter (here @socket.io/redis-streams-adapter) with its broadcasts delivered to
 * this process's sockets at once, and published for the other processes beside that: socket.io's
 * ClusterAdapter first waits for Redis to take the stream entry (XADD), then writes to its own
 * sockets, so every event of a send waited a Redis round trip before reaching the recipient's
 * tab on the same process. The wait only serves connection state recovery (the entry's offset
 * goes into the packet), which this app never enables (realtime.gateway.ts). The other
 * processes read the entry from the stream as before; a publish that fails is made again
 * (PUBLISH_ATTEMPTS), then logged and given up: the client catches up over HTTP.
 */
export function localFirst(factory: AdapterFactory, logger: Logger): AdapterFactory {
  // a function, not an arrow: socket.io calls it with `new`
  return function localFirstAdapter(nsp: Namespace): Adapter {
    const adapter = factory(nsp);
    const publishing = adapter as unknown as Publishing;
    const publish = (message: ClusterMessage, attempt: number): void => {
      publishing.publishAndReturnOffset(message).catch((error: unknown) => {
        if (attempt < PUBLISH_ATTEMPTS) {
          setTimeout(() => publish(message, attempt + 1), PUBLISH_RETRY_MS).unref();
          return;
        }
        logger.warn(`Could not publish a broadcast to the other processes: ${String(error)}`);
      });
    };
    adapter.broadcast = (packet: unknown, opts: BroadcastOptions): void => {
      if (!opts.flags?.local) {
        const message = {
          type: MessageType.BROADCAST,
          data: {
            packet,
            opts: {
              rooms: [...opts.rooms],
              except: [...(opts.except ?? [])],
              flags: opts.flags,
            },
          },
        } as ClusterMessage;
        publish(message, 1);
      }
      Adapter.prototype.broadcast.call(adapter, packet, opts);
    };
    return adapter;
  };
}
