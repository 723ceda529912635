// A PostgreSQL wire-protocol front for one PGlite instance on a Unix socket.
//
// Why not @electric-sql/pglite-socket's server as is: PGlite has a single session, and that server
// queues each protocol message separately, so the Parse/Bind/Execute/Sync batch of one connection
// interleaves with another connection's batch ("bind message supplies 2 parameters, but prepared
// statement "" requires 0"; 162 of 400 concurrent queries failed in a probe). Here a connection
// owns the session from its first message until a Sync or simple Query leaves the session idle
// (outside a transaction), so batches and whole transactions are atomic per connection, while
// connections from the server, the CLI and the importer share one database safely.
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { logger } from '../observability/log';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A connection holding the session without sending anything for this long is cut (and rolled back). */
const OWNER_IDLE_MS = 60_000;

class SessionGate {
  private owner: number | null = null;
  private waiters: Array<{ id: number; grant: () => void }> = [];

  async acquire(id: number): Promise<void> {
    if (this.owner === null || this.owner === id) {
      this.owner = id;
      return;
    }
    await new Promise<void>((grant) => this.waiters.push({ id, grant }));
  }

  release(id: number): void {
    if (this.owner !== id) {
      this.waiters = this.waiters.filter((w) => w.id !== id);
      return;
    }
    const next = this.waiters.shift();
    this.owner = next ? next.id : null;
    next?.grant();
  }

  ownedBy(id: number): boolean {
    return this.owner === id;
  }

  /** Connections queued for the session. */
  get waiting(): number {
    return this.waiters.length;
  }

  get busy(): boolean {
    return this.owner !== null;
  }
}

export interface PgliteSocketServer {
  readonly path: string;
  /** Open connections; whether one holds the session; how many wait for it. */
  stats(): { connections: number; busy: boolean; waiting: number };
  stop(): Promise<void>;
}

export async function servePgliteOnSocket(db: PGlite, socketPath: string): Promise<PgliteSocketServer> {
  const gate = new SessionGate();
  const sockets = new Set<net.Socket>();
  let nextId = 1;

  const server = net.createServer((socket) => {
    const id = nextId++;
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let started = false;
    let chain = Promise.resolve();
    let idleTimer: NodeJS.Timeout | undefined;

    const armIdle = () => {
      clearTimeout(idleTimer);
      if (gate.ownedBy(id)) idleTimer = setTimeout(() => socket.destroy(), OWNER_IDLE_MS);
    };

    const run = async (message: Uint8Array, type: string) => {
      await gate.acquire(id);
      if (socket.destroyed) {
        gate.release(id);
        return;
      }
      await db.runExclusive(() =>
        db.execProtocolRawStream(message, {
          onRawData: (data) => {
            if (!socket.destroyed) socket.write(Buffer.from(data));
          },
        }),
      );
      // A Sync, a simple Query or the startup ends a unit of work; the session is handed on only
      // when it is back outside a transaction.
      if ((type === 'S' || type === 'Q' || type === 'startup') && !db.isInTransaction()) gate.release(id);
      armIdle();
    };

    const drain = () => {
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const len = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < len) return;
          const msg = buffer.subarray(0, len);
          buffer = buffer.subarray(len);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST) {
            socket.end();
            return;
          }
          if (code !== PROTOCOL_3) {
            socket.destroy();
            return;
          }
          started = true;
          const copy = new Uint8Array(msg);
          chain = chain.then(() => run(copy, 'startup'));
          continue;
        }
        if (buffer.length < 5) return;
        const len = 1 + buffer.readInt32BE(1);
        if (buffer.length < len) return;
        const type = String.fromCharCode(buffer[0]);
        const copy = new Uint8Array(buffer.subarray(0, len));
        buffer = buffer.subarray(len);
        if (type === 'X') {
          chain = chain.then(() => {
            socket.end();
          });
          return;
        }
        chain = chain.then(() => run(copy, type));
      }
    };

    socket.on('data', (data) => {
      buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
      drain();
      chain = chain.catch((err) => {
        logger().error({ err }, 'pglite socket: connection error');
        socket.destroy();
      });
    });
    const cleanup = () => {
      clearTimeout(idleTimer);
      sockets.delete(socket);
      chain = chain
        .then(async () => {
          if (gate.ownedBy(id) && db.isInTransaction()) {
            await db.runExclusive(() => db.exec('ROLLBACK')).catch(() => undefined);
          }
        })
        .catch(() => undefined)
        .finally(() => gate.release(id));
    };
    socket.on('close', cleanup);
    socket.on('error', () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    path: socketPath,
    stats: () => ({ connections: sockets.size, busy: gate.busy, waiting: gate.waiting }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
