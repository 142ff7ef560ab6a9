// A CPU quota for one process, as a container's `--cpus=0.5` sets it: the kernel's CFS bandwidth
// control, through a cgroup of the process's own (cgroup v2's cpu.max, or v1's cpu.cfs_quota_us).
// The two-instance run holds each instance to part of a core, so that on a 2-core machine the
// instances, not nginx, PostgreSQL or the load generator, are what limits the throughput.
import { existsSync } from 'node:fs';
import { mkdir, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const PERIOD_US = 100_000;
const V2_ROOT = '/sys/fs/cgroup';
const V1_ROOT = '/sys/fs/cgroup/cpu';

export interface CpuQuota {
  /** the share of one core the process may use per period */
  cores: number;
  /** the process leaves the group (back to its parent's, unlimited) and the group is removed */
  release(): Promise<void>;
}

/** Holds the process to `cores` of one core; null where no cgroup can be made (not root, no cpu controller). */
export async function limitCpu(pid: number, cores: number): Promise<CpuQuota | null> {
  const quotaUs = Math.round(cores * PERIOD_US);
  const v2 = existsSync(path.join(V2_ROOT, 'cgroup.controllers'));
  const root = v2 ? V2_ROOT : V1_ROOT;
  const group = path.join(root, `shop-bench-${pid}`);
  try {
    await mkdir(group);
    if (v2) await writeFile(path.join(group, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
    else {
      await writeFile(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
      await writeFile(path.join(group, 'cpu.cfs_quota_us'), String(quotaUs));
    }
    // cgroup.procs moves the whole process, every thread of it
    await writeFile(path.join(group, 'cgroup.procs'), String(pid));
  } catch {
    await rmdir(group).catch(() => undefined);
    return null;
  }
  return {
    cores,
    release: async () => {
      await writeFile(path.join(root, 'cgroup.procs'), String(pid)).catch(() => undefined);
      await rmdir(group).catch(() => undefined);
    },
  };
}
