"use client";

/** The live screen's connections to the browser: its queue (IndexedDB, timers, network) and the lazy Quran tables; the poll is poll.ts. */
import { useEffect, useState, useSyncExternalStore } from "react";
import { browserEnv } from "@/lib/features/live/outbox/env";
import { createLiveQueue, type LiveQueue, type QueueSnapshot } from "@/lib/features/live/outbox/queue";
import { loadedPositions, loadPositions, type Positions } from "@/lib/features/live/quran-positions";
import { liveSenders } from "@/lib/features/live/outbox/senders";
import { openLiveStore } from "@/lib/features/live/outbox/store";

const EMPTY_QUEUE: QueueSnapshot = {
  ready: false,
  marks: new Map(),
  recitations: [],
  savedRows: new Map(),
  savedRecitations: [],
  waiting: 0,
  failed: 0,
  sending: false,
  online: true,
  nextRetryAt: null,
  lastSavedAt: null,
  oldestWaitingAt: null,
  storage: "durable",
  writeBlocked: null,
  held: { marks: [], recitations: [], until: null },
};

const noopSubscribe = () => () => undefined;

export function useLiveQueue(tenantId: string, sessionId: string): [LiveQueue | null, QueueSnapshot] {
  const [queue, setQueue] = useState<LiveQueue | null>(null);
  useEffect(() => {
    const q = createLiveQueue({ tenantId, sessionId, store: openLiveStore(), send: liveSenders, env: browserEnv() });
    // The queue is an external system (IndexedDB, timers, network events) that exists only in the browser and
    // must be disposed with this effect, so it is created here and handed to render through state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setQueue(q);
    return () => {
      q.dispose();
      setQueue(null);
    };
  }, [tenantId, sessionId]);
  const snapshot = useSyncExternalStore(
    queue?.subscribe ?? noopSubscribe,
    () => queue?.getSnapshot() ?? EMPTY_QUEUE,
    () => EMPTY_QUEUE,
  );
  return [queue, snapshot];
}

export function startOfToday(): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/**
 * The Quran tables for page/juz, loaded once the screen is up (before the network may go), without
 * rendering anything: the open recitation dialog reads them (usePositions).
 */
export function usePreloadPositions(): void {
  useEffect(() => {
    loadPositions().catch(() => undefined);
  }, []);
}

/** The Quran tables for page/juz: at once when the register already loaded them, else once loaded. */
export function usePositions(): Positions | null {
  const [positions, setPositions] = useState<Positions | null>(loadedPositions);
  useEffect(() => {
    if (positions) return;
    let live = true;
    loadPositions().then(
      (p) => live && setPositions(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [positions]);
  return positions;
}
