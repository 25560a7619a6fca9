// IndexedDB for shell::durable (which decides what to keep and what to put
// back): the database `moderator-console`, version 1, with two object
// stores keyed by a game's localStorage key: `stamps` (the game's index
// entry as JSON, with the time of its save) and `files` (its save file).
// A classic script every page loads before its app (the rules worker, a
// no-modules build of the same crate, cannot import a module), giving
// `window.consoleDurable`.
(() => {
const NAME = 'moderator-console';
const STORES = ['stamps', 'files'];
let opened = null;

function database() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      const req = indexedDB.open(NAME, 1);
      req.onupgradeneeded = () => {
        for (const s of STORES) if (!req.result.objectStoreNames.contains(s)) req.result.createObjectStore(s);
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading or deleting the database: let it.
        db.onversionchange = () => {
          db.close();
          opened = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error);
    });
    opened.catch(() => { opened = null; });
  }
  return opened;
}

const requested = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

// Settles when the transaction is complete: on disk, for a strict one.
const completed = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = tx.onabort = () => reject(tx.error || new Error('IndexedDB did not keep the save'));
});

async function change(write) {
  const db = await database();
  let tx;
  try {
    tx = db.transaction(STORES, 'readwrite', { durability: 'strict' });
  } catch {
    tx = db.transaction(STORES, 'readwrite');
  }
  write(tx.objectStore('stamps'), tx.objectStore('files'));
  return completed(tx);
}

/** Keeps a game's stamp and file; resolves once on disk. */
function keep(key, stamp, file) {
  return change((stamps, files) => {
    stamps.put(stamp, key);
    files.put(file, key);
  });
}

/** Forgets a game. */
function forget(key) {
  return change((stamps, files) => {
    stamps.delete(key);
    files.delete(key);
  });
}

/** Every [key, stamp] kept; none after `wait` ms or without IndexedDB. */
function stamps(wait) {
  const list = database().then((db) => {
    const stamps = db.transaction('stamps').objectStore('stamps');
    return Promise.all([requested(stamps.getAllKeys()), requested(stamps.getAll())]);
  }).then(([keys, values]) => keys.map((k, i) => [k, values[i]]));
  return Promise.race([list, new Promise((resolve) => setTimeout(() => resolve([]), wait))]).catch(() => []);
}

/** A game's file, as kept. */
function file(key) {
  return database().then((db) => requested(db.transaction('files').objectStore('files').get(key)));
}

self.consoleDurable = { keep, forget, stamps, file };
})();
