/** A deterministic world for LiveQueue tests: a fake clock with timers, connectivity and visibility. */
import type { QueueEnv } from "@/lib/features/live/outbox/queue";

type Timer = { at: number; seq: number; fn: () => void };

/** Lets every promise chain that is already settled run (the queue and the fakes use microtasks only). */
export async function settle(rounds = 2): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class FakeEnv implements QueueEnv {
  time: number;
  online = true;
  private seq = 0;
  private ids = 0;
  private timers = new Map<number, Timer>();
  private listeners = {
    online: new Set<() => void>(),
    offline: new Set<() => void>(),
    visible: new Set<() => void>(),
    hidden: new Set<() => void>(),
  };

  constructor(
    start = 1_000_000,
    public rng: () => number = () => 0.5,
  ) {
    this.time = start;
  }

  now = () => this.time;
  random = () => this.rng();
  uuid = () => `00000000-0000-4000-8000-${(++this.ids).toString(16).padStart(12, "0")}`;
  setTimeout = (fn: () => void, ms: number) => {
    const seq = ++this.seq;
    this.timers.set(seq, { at: this.time + Math.max(0, ms), seq, fn });
    return seq;
  };
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };
  isOnline = () => this.online;
  on(event: "online" | "offline" | "visible" | "hidden", listener: () => void) {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  /** Fires a browser event (`online` also sets the flag). */
  async fire(event: "online" | "offline" | "visible" | "hidden") {
    if (event === "online") this.online = true;
    if (event === "offline") this.online = false;
    for (const listener of [...this.listeners[event]]) listener();
    await settle();
  }

  /** Moves the clock, running due timers in order and letting promises settle after each. */
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      let next: Timer | undefined;
      for (const timer of this.timers.values())
        if (timer.at <= end && (!next || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq)))
          next = timer;
      if (!next) break;
      this.timers.delete(next.seq);
      this.time = Math.max(this.time, next.at);
      next.fn();
      await settle();
    }
    this.time = end;
    await settle();
  }

  pendingTimers(): number {
    return this.timers.size;
  }
}
