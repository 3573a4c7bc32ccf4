/**
 * What a process tells the parent that started it with an IPC channel once it is ready: its
 * kind and the ports it got. With PORT=0 and a metrics port of 0 the kernel gives each server a
 * free port as it binds, so no one has to choose a "free" port beforehand that another process
 * could take in between (tests/support/topology.ts starts processes this way).
 */
export interface ReadySignal {
  ready: 'api' | 'worker';
  /** The HTTP port the API listens on (the API only). */
  port?: number;
  /** The internal metrics port, or null when metrics could not be served. */
  metricsPort: number | null;
}

/** Sends `signal` to the parent process if there is one listening (otherwise nothing). */
export function signalReady(signal: ReadySignal): void {
  if (!process.send) return;
  process.send(signal);
  // the channel must not keep the process alive once its servers and connections are closed
  process.channel?.unref();
}
