// Child-process entry: opens PGlite on <pgdata> and serves it over the Postgres wire
// protocol on 127.0.0.1. It runs apart from the gateway so WASM query work never stalls
// HTTP handling, and so a crash test can SIGKILL the database alone.
// Protocol with the parent (IPC): sends {type:'ready', port} or {type:'error', message};
// exits, closing PGlite cleanly, on SIGTERM/SIGINT or when the parent goes away.
// Clients must log in as PGLITE_USER with PGLITE_PASSWORD (SCRAM-SHA-256, pg-auth.ts): the
// password comes through the environment, never argv (ps shows argv to every local user).
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { TransactionQueue } from './pglite-queue.ts';
import { authenticateClient, scramSecret } from './pg-auth.ts';

const [pgdata, portArg] = process.argv.slice(2);
if (!pgdata) throw new Error('usage: pglite-server <pgdata> [port]');
const password = process.env.PGLITE_PASSWORD;
if (!password) throw new Error('PGLITE_PASSWORD is not set: the database socket never runs without a password');
const auth = { user: process.env.PGLITE_USER || 'postgres', secret: scramSecret(password) };

function send(message: object): void {
  if (process.send) process.send(message);
  else console.log(JSON.stringify(message));
}

async function main(): Promise<void> {
  const db = await PGlite.create({ dataDir: pgdata, extensions: { pgcrypto, pg_trgm, uuid_ossp } });
  // The embedded Realtime's channel (backend/src/realtime): PGlite's one backend listens to it,
  // and its notifications go to the parent over IPC instead of into a client's answer.
  const realtimeChannel = 'stitchhouse_realtime';
  await db.exec(`listen ${realtimeChannel}`);
  const queue = new TransactionQueue(db, {
    channels: new Set([realtimeChannel]),
    sink: (channel, payload) => send({ type: 'notify', channel, payload }),
  });
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    void authenticateClient(socket, auth).then((startup) => {
      if (startup && !socket.destroyed) serve(socket, startup);
    });
  });
  /** An authenticated client: PGlite answers its StartupMessage (AuthenticationOk, parameters) and the rest. */
  const serve = (socket: net.Socket, startup: Buffer): void => {
    const handler = new PGLiteSocketHandler({
      // The handler only calls enqueue/clearQueueForHandler/clearTransactionIfNeeded.
      queryQueue: queue as unknown as ConstructorParameters<typeof PGLiteSocketHandler>[0]['queryQueue'],
      closeOnDetach: true,
    });
    handler.attach(socket).catch(() => socket.destroy());
    // attach() registers its data listener synchronously: replay what the exchange read past.
    socket.emit('data', startup);
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(portArg ?? 0), '127.0.0.1', () => resolve());
  });
  const address = server.address() as net.AddressInfo;

  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    server.close();
    for (const socket of sockets) socket.destroy();
    // Wait for the query in flight, then checkpoint and close the data files.
    await db.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  // The parent died (even by SIGKILL): never leave an orphan holding the data folder.
  process.on('disconnect', () => void shutdown());

  send({ type: 'ready', port: address.port });
}

main().catch((err: Error) => {
  send({ type: 'error', message: err.stack ?? String(err) });
  process.exit(1);
});
