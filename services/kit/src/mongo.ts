import mongoose, { type Connection } from 'mongoose';
import type { Logger } from './logger';

const CONNECT_TIMEOUT_MS = 10_000;
const HEARTBEAT_FREQUENCY_MS = 10_000;
/**
 * A heartbeat still unanswered after this is stuck: a polled `hello` (FerretDB's only kind) fails after
 * `connectTimeoutMS`, an awaited one (MongoDB's streaming) after `connectTimeoutMS` plus the heartbeat period.
 */
const stuckAfterMs = (awaited: boolean) => CONNECT_TIMEOUT_MS + (awaited ? HEARTBEAT_FREQUENCY_MS : 0) + 2_000;
const WATCH_EVERY_MS = 2_000;

/** The watchdog of each open connection, stopped by `closeMongo`. */
const watchdogs = new WeakMap<Connection, NodeJS.Timeout>();

/**
 * Opens the service's own connection (its own database, so no service can read another's collections).
 * The driver reconnects by itself, except in one case a watchdog covers: see `watchHeartbeats`.
 */
export async function connectMongo(url: string, dbName: string, log: Logger): Promise<Connection> {
  // A new object each time: mongoose deletes `dbName` from the options it is given.
  const options = () => ({ dbName, serverSelectionTimeoutMS: 10_000, connectTimeoutMS: CONNECT_TIMEOUT_MS, heartbeatFrequencyMS: HEARTBEAT_FREQUENCY_MS, maxPoolSize: 20 });
  const connection = mongoose.createConnection(url, options());
  connection.on('disconnected', () => log.warn('mongodb disconnected'));
  connection.on('reconnected', () => log.info('mongodb reconnected'));
  await connection.asPromise();
  log.info({ dbName }, 'mongodb connected');
  watchdogs.set(connection, watchHeartbeats(connection, () => connection.openUri(url, options()), log));
  return connection;
}

/**
 * The MongoDB driver (7.8 and 7.9 alike) can stop monitoring the server for good after a restart of the
 * store: its monitor sends `hello` on a connection whose socket the server has just closed, the write is
 * left waiting for a `drain` that never comes, and the server stays "unknown" (every query then fails
 * server selection) until the process restarts. Seen on a third of the store restarts of `npm run chaos`,
 * reproduced with six clients under load (`MonitorInterval` in progress, a `drain` listener on a destroyed
 * socket). The driver's own heartbeat events show it: one started and never ended. Past the time
 * its command would have timed out (`stuckAfterMs`) the connection is closed and opened again (a new client,
 * new monitors); queries in between wait for it (mongoose buffers them) or fail as the store unavailable (503
 * with Retry-After).
 */
function watchHeartbeats(connection: Connection, reopen: () => Promise<unknown>, log: Logger): NodeJS.Timeout {
  /** Server address -> when its unanswered heartbeat is stuck. */
  const outstanding = new Map<string, number>();
  let watched: object | null = null;
  let reopening = false;
  const follow = () => {
    const client = connection.getClient();
    if (client === watched) return;
    watched = client;
    outstanding.clear();
    client.on('serverHeartbeatStarted', (event) => {
      if (!outstanding.has(event.connectionId)) outstanding.set(event.connectionId, Date.now() + stuckAfterMs(event.awaited));
    });
    client.on('serverHeartbeatSucceeded', (event) => outstanding.delete(event.connectionId));
    client.on('serverHeartbeatFailed', (event) => outstanding.delete(event.connectionId));
  };
  follow();
  // Set once a stuck heartbeat is seen, cleared once the connection is open again: a reopening that fails
  // (the store still down) is tried again at the next watch.
  let broken = false;
  const timer = setInterval(() => {
    follow();
    const now = Date.now();
    const stuck = [...outstanding].find(([, stuckAt]) => now > stuckAt);
    if (stuck && !broken) {
      broken = true;
      log.warn({ server: stuck[0] }, 'mongodb monitor stuck (a heartbeat never ended); opening the connection again');
    }
    if (!broken || reopening) return;
    reopening = true;
    // Not a forced close: mongoose refuses every query of a force-closed connection for good, reopened or not.
    connection
      .close()
      .then(reopen)
      .then(() => {
        broken = false;
        log.info('mongodb connection opened again');
      })
      .catch((error: unknown) => log.error({ err: error }, 'mongodb connection could not be opened again; the next watch tries again'))
      .finally(() => {
        reopening = false;
        follow();
      });
  }, WATCH_EVERY_MS);
  timer.unref();
  return timer;
}

/** MongoDB's code (and FerretDB's) for a query that its `maxTimeMS` stopped. */
const MAX_TIME_MS_EXPIRED = 50;

/** Whether a query was stopped by its time limit: the database is slow right now, a retry may succeed. */
export function isQueryTimeout(error: unknown): boolean {
  return error instanceof mongoose.mongo.MongoServerError && error.code === MAX_TIME_MS_EXPIRED;
}

/**
 * Whether the database could not be reached for this operation (down, restarting, a connection cut): a 503
 * with `Retry-After` for the client, not an internal error. Pool-cleared errors are network errors too.
 */
export function isStoreUnavailable(error: unknown): boolean {
  const { mongo } = mongoose;
  if (error instanceof mongo.MongoNetworkError || error instanceof mongo.MongoServerSelectionError || error instanceof mongo.MongoTopologyClosedError) return true;
  // A client, server or pool closed under an operation: `watchHeartbeats` reopening the connection (the pool's
  // error class is not exported, hence its name).
  if (error instanceof mongo.MongoClientClosedError || error instanceof mongo.MongoServerClosedError || error instanceof mongo.MongoNotConnectedError) return true;
  if (error instanceof mongo.MongoDriverError && error.name === 'MongoPoolClosedError') return true;
  // A bulk write that failed as a whole: the driver wraps the cause (a broken connection, a server it could not
  // select) and keeps it as `errorResponse`.
  if (error instanceof mongo.MongoBulkWriteError) {
    const cause = (error as { errorResponse?: unknown }).errorResponse;
    if (cause instanceof Error && cause !== error && isStoreUnavailable(cause)) return true;
  }
  // A query made while `watchHeartbeats` opens the connection again waits in mongoose's buffer,
  // which gives up after `bufferTimeoutMS` (10 s) with a plain MongooseError.
  if (error instanceof mongoose.Error && /buffering timed out/.test(error.message)) return true;
  // FerretDB stopping (or its PostgreSQL): the command in flight is cancelled and answered as InternalError.
  return error instanceof mongo.MongoServerError && error.code === FERRETDB_INTERNAL_ERROR && /context canceled/.test(error.message);
}

/**
 * Runs `operation` again each time the store is unavailable for it (a restart, a cut connection), pausing a
 * little longer each time, until it succeeds or `until` (epoch ms) has passed; then the last failure goes
 * through. For work already begun that must not be left half done (a batch's writes): the operation must be
 * safe to run twice. Any other failure goes through at once.
 */
export async function retryWhileStoreUnavailable<T>(operation: () => Promise<T>, until: number, onRetry?: (error: unknown) => void): Promise<T> {
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return await operation();
    } catch (error) {
      if (!isStoreUnavailable(error) || Date.now() + pause >= until) throw error;
      onRetry?.(error);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

const FIRST_PAUSE_MS = 200;
const LONGEST_PAUSE_MS = 2_000;

/** The code of MongoDB's (and FerretDB's) InternalError. */
const FERRETDB_INTERNAL_ERROR = 1;

export function isMongoReady(connection: Connection): boolean {
  return connection.readyState === mongoose.ConnectionStates.connected;
}

/** Closes the connection on purpose: the disconnect that follows is not worth a warning. */
export function closeMongo(connection: Connection): Promise<void> {
  clearInterval(watchdogs.get(connection));
  connection.removeAllListeners('disconnected');
  return connection.close();
}
