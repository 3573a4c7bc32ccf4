/**
 * socket.io-client as the staff console's jsdom tests have it (the journeys use a real socket):
 * it records where the console connected and the handlers it registered, so a test can play an
 * event. In a test file:
 *
 *   jest.mock('socket.io-client', () =>
 *     jest.requireActual<typeof import('<path>/test/staff-socket')>('<path>/test/staff-socket')
 *       .socketIoModule(),
 *   );
 *
 * and `staffSocket` (imported as usual: the same module) to read or play.
 */
export const staffSocket = {
  connectedTo: [] as string[],
  handlers: new Map<string, (...args: unknown[]) => void>(),
  reset(): void {
    this.connectedTo.length = 0;
    this.handlers.clear();
  },
};

export function socketIoModule() {
  return {
    io: (url: string) => {
      staffSocket.connectedTo.push(url);
      return {
        active: true,
        on: (event: string, handler: (...args: unknown[]) => void) => {
          staffSocket.handlers.set(event, handler);
        },
        removeAllListeners: () => staffSocket.handlers.clear(),
        disconnect: () => undefined,
      };
    },
  };
}
