/**
 * Where the machine's CPU went during a measured window (Linux /proc): how busy all cores were, and
 * the time of each process that takes part — the app processes, PostgreSQL (all its backends), Redis
 * and the load generator itself. Figures are percent of one core, so 2 cores top out at 200 %.
 */
import { readdirSync, readFileSync } from 'node:fs';

type Snapshot = { at: number; machine: { busy: number; total: number }; ticks: Map<string, number> };

const TICKS_PER_SECOND = 100;

function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = fields[3]! + fields[4]!; // idle + iowait
  return { busy: total - idle, total };
}

/** utime + stime of every process, summed by group: `pid:<n>` for the ones named, else the command name. */
function processTicks(named: Set<number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const key = named.has(Number(entry)) ? `pid:${entry}` : command;
    out.set(key, (out.get(key) ?? 0) + ticks);
  }
  return out;
}

export function cpuSnapshot(pids: number[]): Snapshot {
  return { at: performance.now(), machine: machineTicks(), ticks: processTicks(new Set(pids)) };
}

export type CpuUse = {
  /** All cores together, percent of the machine. */
  machineBusyPercent: number;
  /** Percent of one core each. */
  appProcesses: number[];
  postgres: number;
  redis: number;
  loadGenerator: number;
};

export function cpuUse(before: Snapshot, after: Snapshot, appPids: number[]): CpuUse {
  const seconds = (after.at - before.at) / 1000;
  const percent = (key: string) =>
    Math.round(
      (((after.ticks.get(key) ?? 0) - (before.ticks.get(key) ?? 0)) / TICKS_PER_SECOND / seconds) * 100,
    );
  const total = after.machine.total - before.machine.total;
  return {
    machineBusyPercent:
      total > 0 ? Math.round(((after.machine.busy - before.machine.busy) / total) * 100) : 0,
    appProcesses: appPids.map((pid) => percent(`pid:${pid}`)),
    postgres: percent('postgres'),
    redis: percent('redis-server'),
    loadGenerator: percent(`pid:${process.pid}`),
  };
}
