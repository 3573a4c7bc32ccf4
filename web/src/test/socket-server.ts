/** Starts and drives the real socket.io server of socket-server.mjs in a child process. */
// web's TypeScript has no Node types: the little of Node this needs, declared here (jest runs the
// tests as CommonJS, so require and __dirname exist)
declare const require: (id: 'node:child_process') => { fork: Fork };
declare const __dirname: string;
interface ChildProcess {
  exitCode: number | null;
  send(message: unknown): boolean;
  on(event: 'message', listener: (message: ServerReport) => void): this;
  once(event: 'error' | 'exit', listener: (value: unknown) => void): this;
}
type Fork = (path: string, args: string[], options: { stdio: 'inherit' }) => ChildProcess;
import type { ServerToClientEvents } from '@app/contract';
import { SOCKET_PATH } from '@app/contract';

export type ServerReport =
  | { type: 'ready'; port: number }
  | { type: 'connection'; index: number; recovered: boolean }
  | { type: 'client-event'; event: string; payload: unknown }
  | { type: 'disconnect'; index: number; reason: string };

export class TestSocketServer {
  readonly reports: ServerReport[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  /** `recovery`: with socket.io's connection state recovery, as the app's server has it. */
  static async start({ recovery }: { recovery: boolean }): Promise<TestSocketServer> {
    const { fork } = require('node:child_process');
    const child = fork(
      `${__dirname}/socket-server.mjs`,
      [SOCKET_PATH, recovery ? 'recovery' : 'none'],
      { stdio: 'inherit' },
    );
    const reports: ServerReport[] = [];
    const port = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.on('message', (report: ServerReport) => {
        reports.push(report);
        if (report.type === 'ready') resolve(report.port);
      });
    });
    const server = new TestSocketServer(child, `http://127.0.0.1:${port}`);
    server.reports.push(...reports);
    child.on('message', (report: ServerReport) => {
      if (report.type !== 'ready') server.reports.push(report);
    });
    return server;
  }

  connections() {
    return this.reports.filter((report) => report.type === 'connection');
  }

  clientEvents() {
    return this.reports.filter((report) => report.type === 'client-event');
  }

  disconnects() {
    return this.reports.filter((report) => report.type === 'disconnect');
  }

  emit<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.child.send({ type: 'emit', event, args });
  }

  /** The connection drops under the newest socket; the client reconnects by itself. */
  drop(): void {
    this.child.send({ type: 'drop' });
  }

  /** The server ends the newest socket ('io server disconnect'). */
  end(): void {
    this.child.send({ type: 'end' });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' });
    await exited;
  }
}
