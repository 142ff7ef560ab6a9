import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, plainShopConf, shopConf, startNginx } from './nginx.ts';

describe('startNginx', () => {
  const path0 = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path0;
  });

  // the bench once lost a 19-minute run here: the failed spawn's 'error' event had no listener and ended the process
  it('rejects, and leaves the process running, where nginx is not installed', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'no-nginx-'));
    try {
      process.env.PATH = empty;
      const port = await freePort();
      await expect(startNginx({ site: plainShopConf(shopConf(), { upstreams: [port + 1], port }), port })).rejects.toThrow(
        /nginx did not start: spawn nginx ENOENT/,
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
