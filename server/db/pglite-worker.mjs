// The embedded database in its own thread (worker_threads): PGlite runs here, the request thread
// sends it SQL through server/db/pglite-remote.ts, so a slow query never stalls the event loop that
// answers every other request. Plain JavaScript: it runs without the TypeScript loader.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// Drizzle reads these types as the text PostgreSQL sends (as node-postgres does): keep them raw.
const RAW_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const rawParsers = Object.fromEntries(RAW_TYPES.map((type) => [type, (value) => value]));

class Rollback extends Error {}

const reply = (id, result) => parentPort.postMessage({ id, result });
const fail = (id, error) => {
  // The fields drizzle and our error handling read (code, constraint, detail...), as plain data.
  const plain = { message: error?.message ?? String(error) };
  for (const key of Object.keys(error ?? {})) {
    const value = error[key];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
  }
  parentPort.postMessage({ id, error: plain });
};
const shape = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

let db;
try {
  // A template (tests: one migrated database dumped once) is loaded only into an empty data directory;
  // a thread started again on the same directory opens what is there.
  const empty = !workerData.dataDir || !existsSync(join(workerData.dataDir, 'PG_VERSION'));
  db = await PGlite.create(workerData.dataDir, {
    extensions: { pg_trgm },
    ...(workerData.template && empty ? { loadDataDir: new Blob([workerData.template]) } : {}),
  });
} catch (error) {
  fail(0, error);
  process.exit(1);
}
/** Open transactions: PGlite's own lock keeps other queries waiting until each one ends. */
const open = new Map();
let nextTx = 1;

/**
 * Which unit runs next is decided here, where the database is (server/db/pglite-remote.ts hands at
 * most a couple of units per work class to this thread, so a flooded route has one running and one
 * ready, never fifty). A unit is a statement outside a transaction, or a transaction from its begin
 * to its end (its statements come one by one and run at once: nothing else starts meanwhile). When a
 * unit ends, the class that started a unit least recently goes next, each class's own units in the
 * order they came; a trivial statement therefore waits for the one unit running, not for a queue.
 * The choice is made on the next turn of this thread's event loop, after the messages that arrived
 * while the unit ran have been received.
 */
const queues = new Map(); // class -> messages waiting, in arrival order
const lastStart = new Map(); // class -> turn of its latest start
let turn = 0;
let busy = false;
let picking = false;
/** The transaction holding the thread between its begin and its end (null: none). */
let holder = null;

const release = () => {
  busy = false;
  holder = null;
  pickSoon();
};
function pickSoon() {
  if (picking || busy || queues.size === 0) return;
  picking = true;
  setImmediate(() => {
    picking = false;
    pick();
  });
}
function pick() {
  if (busy || queues.size === 0) return;
  let chosen;
  let oldest = Number.POSITIVE_INFINITY;
  for (const cls of queues.keys()) {
    const at = lastStart.get(cls) ?? -1;
    if (at < oldest) {
      chosen = cls;
      oldest = at;
    }
  }
  const queue = queues.get(chosen);
  const msg = queue.shift();
  if (!queue.length) queues.delete(chosen);
  lastStart.set(chosen, turn++);
  busy = true;
  run(msg);
}

async function run(msg) {
  const { id } = msg;
  // Whether this message ends the unit it belongs to (a begin keeps the thread until its end).
  let ends = !msg.txId && msg.type !== 'begin';
  try {
    const target = msg.txId ? open.get(msg.txId)?.tx : db;
    if (!target) {
      ends = msg.type === 'end' && holder === msg.txId;
      throw new Error('Transaction already finished');
    }
    if (msg.type === 'query') {
      const options = { rowMode: msg.rowMode ?? 'object', ...(msg.rawTypes ? { parsers: rawParsers } : {}) };
      reply(id, shape(await target.query(msg.sql, msg.params ?? [], options)));
    } else if (msg.type === 'exec') {
      reply(id, (await target.exec(msg.sql)).map(shape));
    } else if (msg.type === 'begin') {
      const txId = nextTx++;
      holder = txId;
      let finish;
      const decided = new Promise((resolve, reject) => {
        finish = (commit) => (commit ? resolve() : reject(new Rollback()));
      });
      const entry = { tx: null, finish, outcome: null };
      entry.outcome = db.transaction(async (tx) => {
        entry.tx = tx;
        open.set(txId, entry);
        reply(id, { txId });
        await decided;
      });
      // A transaction that could not start answers the begin with its error, and frees the thread.
      entry.outcome.catch((error) => {
        if (!open.has(txId)) {
          fail(id, error);
          if (holder === txId) release();
        }
      });
    } else if (msg.type === 'end') {
      ends = holder === msg.txId;
      const entry = open.get(msg.txId);
      entry.finish(msg.commit);
      try {
        await entry.outcome;
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      } finally {
        open.delete(msg.txId);
      }
      reply(id, null);
    } else if (msg.type === 'close') {
      await db.close();
      reply(id, null);
    }
  } catch (error) {
    fail(id, error);
  } finally {
    if (ends) release();
  }
}

parentPort.on('message', (msg) => {
  // A transaction's own statements (and its end) run at once: their transaction holds the thread.
  if (msg.txId) {
    run(msg);
    return;
  }
  const cls = msg.cls ?? '';
  const queue = queues.get(cls);
  if (queue) queue.push(msg);
  else queues.set(cls, [msg]);
  pickSoon();
});
parentPort.postMessage({ id: 0, result: 'ready' });
