// Preloaded (--import) into every process the bench starts: the event loop's delay, sampled inside
// the process under test, read (and restarted) by the bench over the IPC channel, so a stall shows
// beside the latencies it causes. Outside the bench (no IPC channel) it does nothing.
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  /** Garbage collections in the same span: young generation (scavenges) and the rest (mark-compact). */
  gc: { young: GcPauses; full: GcPauses };
  /**
   * The longest lateness of a 5 ms tick and the main thread's CPU time in that span: near the gap, the
   * loop was busy (its own work or a collection); far below, the thread was off a core (the machine's
   * other processes) or blocked in a system call.
   */
  longestGap: { ms: number; cpuMs: number };
}

export interface GcPauses {
  count: number;
  totalMs: number;
  maxMs: number;
}

interface Ask {
  type: 'loop-delay';
  reset: boolean;
}

if (process.send) {
  // 1 ms ticks: a stall of 20 ms or more is never missed between two samples.
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const none = (): GcPauses => ({ count: 0, totalMs: 0, maxMs: 0 });
  let gc = { young: none(), full: none() };
  let longestGap = { ms: 0, cpuMs: 0 };
  const threadCpuMs = () => {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1000;
  };
  // Every 5 ms, not 1: reading the thread's CPU is a system call, and at 16,000 requests a second a
  // 1 ms tick cost the app 4% of its CPU. A stall of 20 ms is still seen; the tick's own 5 ms is
  // taken off the gap.
  const TICK_MS = 5;
  let lastTick = performance.now();
  let lastCpu = threadCpuMs();
  setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    const gap = now - lastTick - TICK_MS;
    if (gap > longestGap.ms) longestGap = { ms: gap, cpuMs: Math.max(0, cpu - lastCpu) };
    lastTick = now;
    lastCpu = cpu;
  }, TICK_MS).unref();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // A gc entry carries its kind in detail, which the DOM-shaped type does not name.
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const p = kind === constants.NODE_PERFORMANCE_GC_MINOR ? gc.young : gc.full;
      p.count++;
      p.totalMs += e.duration;
      p.maxMs = Math.max(p.maxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const round = (p: GcPauses): GcPauses => ({ count: p.count, totalMs: Math.round(p.totalMs), maxMs: Math.round(p.maxMs * 10) / 10 });
  process.on('message', (m: Ask) => {
    if (m?.type !== 'loop-delay') return;
    const reply: LoopDelay = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      gc: { young: round(gc.young), full: round(gc.full) },
      longestGap: { ms: Math.round(longestGap.ms * 10) / 10, cpuMs: Math.round(longestGap.cpuMs * 10) / 10 },
    };
    if (m.reset) {
      histogram.reset();
      gc = { young: none(), full: none() };
      longestGap = { ms: 0, cpuMs: 0 };
    }
    process.send!({ type: 'loop-delay', ...reply });
  });
  // The channel must not keep a process alive that would otherwise end.
  process.channel?.unref();
}
