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
 * The cluster adapter (here @socket.io/redis-streams-adapter) with its broadcasts delivered to
 * this process's sockets at once, and published for the other processes beside that: socket.io's
 * ClusterAdapter first waits for Redis to take the stream entry (XADD), then writes to its own
 * sockets, so every event of a send waited a Redis round trip before reaching the recipient's
 * tab on the same process. The wait only serves connection state recovery (the entry's offset
 * goes into the packet), which this app never enables (realtime.gateway.ts). The other
 * processes read the entry from the stream as before; a publish that fails is logged (the event
 * is at most once, as always: the client catches up over HTTP).
 */
export function localFirst(factory: AdapterFactory, logger: Logger): AdapterFactory {
  // a function, not an arrow: socket.io calls it with `new`
  return function localFirstAdapter(nsp: Namespace): Adapter {
    const adapter = factory(nsp);
    const publishing = adapter as unknown as Publishing;
    adapter.broadcast = (packet: unknown, opts: BroadcastOptions): void => {
      if (!opts.flags?.local) {
        publishing
          .publishAndReturnOffset({
            type: MessageType.BROADCAST,
            data: {
              packet,
              opts: {
                rooms: [...opts.rooms],
                except: [...(opts.except ?? [])],
                flags: opts.flags,
              },
            },
          } as ClusterMessage)
          .catch((error: unknown) =>
            logger.warn(`Could not publish a broadcast to the other processes: ${String(error)}`),
          );
      }
      Adapter.prototype.broadcast.call(adapter, packet, opts);
    };
    return adapter;
  };
}
