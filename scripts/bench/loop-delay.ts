// Preloaded (--import) into every process the bench starts: the event loop's delay, sampled inside
// the process under test, read (and restarted) by the bench over the IPC channel, so a stall shows
// beside the latencies it causes. Outside the bench (no IPC channel) it does nothing.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
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
  process.on('message', (m: Ask) => {
    if (m?.type !== 'loop-delay') return;
    const reply: LoopDelay = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
    if (m.reset) histogram.reset();
    process.send!({ type: 'loop-delay', ...reply });
  });
  // The channel must not keep a process alive that would otherwise end.
  process.channel?.unref();
}
