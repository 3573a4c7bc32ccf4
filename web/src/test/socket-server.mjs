// A real socket.io server for the web's realtime tests, in a child process of its own (the test
// process runs jsdom, whose timers socket.io's server cannot use). Like the app's gateway it
// speaks WebSocket only at SOCKET_PATH and puts every socket in one member room. Driven over
// IPC by web/src/test/socket-server.ts.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const [path, recovery] = process.argv.slice(2);
const http = createServer();
const io = new Server(http, {
  path,
  transports: ['websocket'],
  ...(recovery === 'recovery'
    ? { connectionStateRecovery: { maxDisconnectionDuration: 60_000 } }
    : {}),
});
const sockets = [];

io.on('connection', (socket) => {
  void socket.join('member');
  const index = sockets.push(socket) - 1;
  process.send({ type: 'connection', index, recovered: socket.recovered });
  socket.onAny((event, payload) => process.send({ type: 'client-event', event, payload }));
  socket.on('disconnect', (reason) => process.send({ type: 'disconnect', index, reason }));
});

process.on('message', (message) => {
  const socket = sockets[sockets.length - 1];
  if (message.type === 'emit') io.to('member').emit(message.event, ...message.args);
  // the connection drops under the socket (a network outage): the client comes back by itself
  if (message.type === 'drop') socket?.conn.close();
  // the server ends the socket (as the gateway does for an ended session)
  if (message.type === 'end') socket?.disconnect(true);
  if (message.type === 'close') {
    void io.close();
    process.exit(0);
  }
});

http.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: http.address().port }));
