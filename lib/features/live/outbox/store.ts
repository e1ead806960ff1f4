/**
 * Where the browser keeps a session's pending marks and recitations: IndexedDB (raw API, no
 * dependency), one record per school tenant and session, so pending work survives a reload or a
 * closed tab. An in-memory store with the same interface serves tests and browsers without
 * IndexedDB (private modes), where work survives only while the page is open.
 */
import type { PersistedQueue } from "../types";

export interface LiveStore {
  load(tenantId: string, sessionId: string): Promise<PersistedQueue | null>;
  /** Replaces the session's record. Calls for one session are applied in call order. */
  save(record: PersistedQueue): Promise<void>;
  remove(tenantId: string, sessionId: string): Promise<void>;
  /** Every record of one school: sessions with work still waiting (for a "not sent yet" notice elsewhere). */
  list(tenantId: string): Promise<PersistedQueue[]>;
  /** Whether records outlive the page (false for the in-memory store). */
  readonly durable: boolean;
}

const clone = <T>(value: T): T => structuredClone(value);
const keyOf = (tenantId: string, sessionId: string) => `${tenantId}\u0000${sessionId}`;

export class MemoryStore implements LiveStore {
  readonly durable = false;
  private records = new Map<string, PersistedQueue>();
  /** Set to make the next calls fail, as a full or blocked disk would. */
  failing = false;

  async load(tenantId: string, sessionId: string) {
    this.check();
    const record = this.records.get(keyOf(tenantId, sessionId));
    return record ? clone(record) : null;
  }
  async save(record: PersistedQueue) {
    this.check();
    this.records.set(keyOf(record.tenantId, record.sessionId), clone(record));
  }
  async remove(tenantId: string, sessionId: string) {
    this.check();
    this.records.delete(keyOf(tenantId, sessionId));
  }
  async list(tenantId: string) {
    this.check();
    return [...this.records.values()].filter((r) => r.tenantId === tenantId).map(clone);
  }
  private check() {
    if (this.failing) throw new Error("storage unavailable");
  }
}

const DB_NAME = "halqa-live";
const DB_VERSION = 1;
const QUEUES = "queues";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

/**
 * IndexedDB: database `halqa-live`, store `queues` keyed by `[tenantId, sessionId]`, with an index
 * on `tenantId`. Every write is one read-write transaction; IndexedDB runs read-write transactions
 * over the same store in the order they were created, so saves land in call order.
 */
export class IndexedDbStore implements LiveStore {
  readonly durable = true;
  private db: Promise<IDBDatabase> | null = null;

  constructor(private readonly factory: IDBFactory = indexedDB) {}

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = this.factory.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(QUEUES)) {
          const store = db.createObjectStore(QUEUES, { keyPath: ["tenantId", "sessionId"] });
          store.createIndex("tenantId", "tenantId", { unique: false });
        }
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading the schema: let it, and reopen on the next call.
        db.onversionchange = () => {
          db.close();
          this.db = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error("IndexedDB could not be opened"));
      req.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
    }).catch((error: unknown) => {
      this.db = null;
      throw error;
    });
    return this.db;
  }

  async load(tenantId: string, sessionId: string): Promise<PersistedQueue | null> {
    const db = await this.open();
    const tx = db.transaction(QUEUES, "readonly");
    const record = (await request(tx.objectStore(QUEUES).get([tenantId, sessionId]))) as PersistedQueue | undefined;
    return record && record.v === 1 ? record : null;
  }

  async save(record: PersistedQueue): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(QUEUES, "readwrite", { durability: "strict" });
    tx.objectStore(QUEUES).put(record);
    await done(tx);
  }

  async remove(tenantId: string, sessionId: string): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(QUEUES, "readwrite");
    tx.objectStore(QUEUES).delete([tenantId, sessionId]);
    await done(tx);
  }

  async list(tenantId: string): Promise<PersistedQueue[]> {
    const db = await this.open();
    const tx = db.transaction(QUEUES, "readonly");
    const records = (await request(tx.objectStore(QUEUES).index("tenantId").getAll(tenantId))) as PersistedQueue[];
    return records.filter((r) => r.v === 1);
  }
}

/** IndexedDB when the browser has it, else memory (the UI should then say work is kept only while the page is open). */
export function openLiveStore(): LiveStore {
  return typeof indexedDB === "undefined" ? new MemoryStore() : new IndexedDbStore(indexedDB);
}

/** Records with nothing waiting, untouched for this long, are removed when a queue starts. */
export const EMPTY_RECORD_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/** Removes a school's empty records older than the TTL; records with work waiting are never removed. */
export async function pruneEmptyRecords(
  store: LiveStore,
  tenantId: string,
  now: number,
  keepSessionId?: string,
): Promise<number> {
  const records = await store.list(tenantId);
  let removed = 0;
  for (const record of records) {
    if (record.sessionId === keepSessionId) continue;
    if (record.marks.length === 0 && record.recitations.length === 0 && now - record.savedAt > EMPTY_RECORD_TTL_MS) {
      await store.remove(record.tenantId, record.sessionId);
      removed++;
    }
  }
  return removed;
}

/** Saves a queue's records one after another (each copied when asked), and knows whether storage is failing. */
export class SerialSaver {
  failed = false;
  /** Settles when every save asked for so far has been tried. */
  done: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: LiveStore,
    private readonly onStatusChange: () => void,
  ) {}

  save(record: PersistedQueue): Promise<void> {
    const copy = structuredClone(record);
    this.done = this.done
      .then(() => this.store.save(copy))
      .then(
        () => {
          if (!this.failed) return;
          this.failed = false;
          this.onStatusChange();
        },
        () => {
          this.failed = true;
          this.onStatusChange();
        },
      );
    return this.done;
  }

  /** Reading the stored queue failed: storage is not trusted until a save succeeds. */
  fail(): void {
    this.failed = true;
  }
}
