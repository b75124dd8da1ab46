// CPU seconds (user and system, every thread) that Chromium's processes
// have used so far, from Linux's /proc (its clock tick is 1/100 s). Unlike
// wall time, it leaves out what a virtual machine's host takes (steal).
// Used by the benchmark scripts (bench_browser.mjs, bench_read_floor.mjs).
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds so far of the processes whose command line includes `part`
 * ('--type=renderer': the page and its workers; 'chromium': every one). */
export function chromiumCpuS(part) {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(part)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* the process ended */ }
  }
  return ticks / 100;
}
