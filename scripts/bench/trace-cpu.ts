/**
 * Issue 31: a blocking-time figure that a busy machine disturbs far less than Lighthouse's own.
 * Lighthouse's simulated TBT takes each main-thread task's wall time (`dur`) times its CPU slowdown
 * (4× on mobile); on two cores shared with five builds a task's wall time includes the time the
 * renderer waited for a core, so TBT swings from 0.4 to 8 s between runs of the same page. Chrome's
 * trace also gives each task's own CPU time (`tdur`): the same sum over the same tasks, after first
 * contentful paint, with CPU time instead of wall time, is what the page's scripts cost the tablet.
 */
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

export type CpuFigures = {
  /** Σ max(0, slowdown × CPU ms − 50) over the renderer's main-thread tasks after FCP. */
  cpuTbtMs: number;
  /** Tasks whose CPU time times the slowdown exceeds 50 ms. */
  longTasks: number;
  /** The renderer's main-thread CPU time over the whole load, not slowed down. */
  mainThreadCpuMs: number;
};

const LONG_TASK_MS = 50;

/**
 * The page's renderer main thread: of the CrRendererMain threads, the one that ran the most (a
 * navigation may leave the process Lighthouse started on about:blank for another one).
 */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const renderers = new Set(
    events
      .filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const busy = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.name === "RunTask" && event.ph === "X" && renderers.has(key))
      busy.set(key, (busy.get(key) ?? 0) + (event.dur ?? 0));
  }
  const [key] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!key) return null;
  const [pid, tid] = key.split(":").map(Number);
  return { pid: pid!, tid: tid! };
}

export function cpuFigures(events: TraceEvent[], fcpTs: number | undefined, slowdown: number): CpuFigures | null {
  const main = mainThread(events);
  if (!main) return null;
  let cpuTbtMs = 0;
  let longTasks = 0;
  let mainThreadCpuMs = 0;
  for (const event of events) {
    if (event.name !== "RunTask" || event.ph !== "X" || event.pid !== main.pid || event.tid !== main.tid) continue;
    const cpuMs = (event.tdur ?? event.dur ?? 0) / 1000;
    mainThreadCpuMs += cpuMs;
    const slowed = cpuMs * slowdown;
    if (slowed > LONG_TASK_MS) longTasks++;
    if (fcpTs !== undefined && event.ts >= fcpTs) cpuTbtMs += Math.max(0, slowed - LONG_TASK_MS);
  }
  return { cpuTbtMs, longTasks, mainThreadCpuMs };
}
