/**
 * Issue 31: the tablet's CPU is the tablet's own. Lighthouse's variability guide asks for two cores
 * dedicated to the browser and the server under test kept apart from it; this machine has two cores
 * for everything: the school's server rendering the page, Lighthouse recording it, Chromium's browser,
 * GPU and tracing processes, and the page's renderer. Shared, the renderer's main thread waits for a
 * core for two to nine times its own CPU time (scripts/bench/trace-cpu.ts), and Lighthouse's simulated
 * TBT multiplies that wait by the slowdown as if it were the page's work.
 *
 * The split: the bench process, what it started already (the run's shared server), everything it
 * starts (the suite's server, Chromium) and so every process of Chromium's run on all cores but the
 * last; each renderer Chromium starts (forked by its zygote, on the others' cores at first) is moved
 * with all its threads to the last core within a few milliseconds, before it is handed a page. That
 * core plays the tablet's CPU, which Lighthouse then slows down 4× as its mobile profile says; nothing
 * else runs on it but the kernel's own work.
 *
 * The renderer's thread pool (streaming script parse, GC helpers, raster) goes back to the others'
 * cores at a raised priority (nice -10), as a tablet runs it on its other, idle cores. On the main
 * thread's core it made the main thread wait up to 23 ms in a task of 4 ms CPU while a chunk was
 * parsed; on the busy core at the default priority the main thread waited instead at each garbage
 * collection for the pool's threads to stop (V8's GC_TIME_TO_SAFEPOINT, up to 34 ms). Its IO,
 * compositor and tracing threads stay with the main thread: on the busy core the trace lost the
 * page's navigation (Lighthouse's NO_NAVSTART). With the kernel's autogroups on (Debian's default),
 * a nice value counts only inside its session's group: the pool comes before Chromium's browser and
 * GPU threads, not before the detached server or Lighthouse (raising Chromium's whole group, tried,
 * did not help). Figures: docs/scale.md, sessions 27 and 28.
 *
 * Needs `taskset` (util-linux) and two CPUs numbered from 0; otherwise, or with
 * LIGHTHOUSE_BENCH_SHARED_CORES=1, the bench runs on shared cores as before and says so.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

export type CoreSplit = {
  /** How the bench ran, for its title. */
  describe: string;
  /** Starts moving the renderers of this Chromium (its browser process id) to the renderer's core. */
  watch(browserPid: number): void;
  /** Stops watching and gives the bench process every core again. */
  release(): void;
};

const WATCH_MS = 10;

function setAffinity(pid: number, cpus: string, allThreads = true): void {
  execFileSync("taskset", [...(allThreads ? ["--all-tasks"] : []), "--pid", "--cpu-list", cpus, String(pid)], {
    stdio: "ignore",
  });
}

/** A process's threads (their ids; the main thread's is the process id). */
function threadsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

/** The children of a process, from every thread's list (Chromium launches from several threads). */
function childrenOf(pid: number): number[] {
  return threadsOf(pid).flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** Every process below this one (breadth first; Chromium's browser → zygotes → renderers). */
function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  const queue = childrenOf(pid);
  while (queue.length) {
    const child = queue.shift()!;
    if (found.includes(child)) continue;
    found.push(child);
    queue.push(...childrenOf(child));
  }
  return found;
}

function trySetAffinity(pid: number, cpus: string): void {
  try {
    setAffinity(pid, cpus);
  } catch {
    // gone already
  }
}

function isRenderer(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer");
  } catch {
    return false;
  }
}

const shared = (why: string): CoreSplit => ({ describe: `shared cores (${why})`, watch() {}, release() {} });

/**
 * Call before starting the server and Chromium: from here on, what the bench starts runs on the
 * others' cores.
 */
export function splitCores(): CoreSplit {
  const cpus = os.availableParallelism();
  if (process.env.LIGHTHOUSE_BENCH_SHARED_CORES === "1") return shared("LIGHTHOUSE_BENCH_SHARED_CORES=1");
  if (cpus < 2) return shared("one CPU");
  const all = `0-${cpus - 1}`;
  const rendererCpu = String(cpus - 1);
  const others = cpus === 2 ? "0" : `0-${cpus - 2}`;
  try {
    setAffinity(process.pid, others);
  } catch {
    // No taskset, or CPUs not numbered from 0 (a container's cpuset).
    return shared("taskset missing or refused");
  }
  // What the bench started already (the run's shared server, its schedulers on) goes too: left on
  // every core, its background work took the renderer's core from the page's main thread; the suite
  // uses a server of its own.
  const earlier = descendantsOf(process.pid);
  for (const pid of earlier) trySetAffinity(pid, others);
  const moved = new Set<number>();
  const placed = new Set<number>();
  const placePoolWorker = (tid: number, pid: number) => {
    if (placed.has(tid)) return;
    let name: string;
    try {
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8");
      // A thread starts with its process's name and names itself a moment later: until then, look again.
      if (tid !== pid && name === readFileSync(`/proc/${pid}/comm`, "utf8")) return;
    } catch {
      return; // gone already
    }
    placed.add(tid);
    if (!name.startsWith("ThreadPool")) return;
    try {
      setAffinity(tid, others, false);
      // Ahead of the server and the browser there, as a tablet's idle cores would run it.
      execFileSync("renice", ["-n", "-10", "-p", String(tid)], { stdio: "ignore" });
    } catch {
      // gone already, or not allowed to raise a priority (not root): it runs at the default
    }
  };
  let timer: NodeJS.Timeout | null = null;
  return {
    describe: `the page's renderer on CPU ${rendererCpu} alone; its thread pool (nice -10), the server, Lighthouse and Chromium's other processes on CPU ${others}`,
    watch(browserPid) {
      timer = setInterval(() => {
        // Browser → zygotes → renderers (and the processes the browser launches itself).
        for (const pid of descendantsOf(browserPid)) {
          if (!moved.has(pid) && isRenderer(pid)) {
            try {
              setAffinity(pid, rendererCpu);
              moved.add(pid);
            } catch {
              // gone already
            }
          }
          // Its thread pool's workers (moved with it, or started later on its core) back to the others' cores.
          if (moved.has(pid)) for (const tid of threadsOf(pid)) placePoolWorker(tid, pid);
        }
      }, WATCH_MS);
      timer.unref();
    },
    release() {
      if (timer) clearInterval(timer);
      setAffinity(process.pid, all);
      for (const pid of earlier) trySetAffinity(pid, all);
    },
  };
}
