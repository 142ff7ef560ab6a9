import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/** Left out of the copy: the running server's own files, and the WAL, copied once the backup has ended. */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'pg_replslot']);

/**
 * A consistent copy of the shop's own PostgreSQL files while it runs (decision 065), with PostgreSQL's
 * low-level backup API: the files are copied between pg_backup_start and pg_backup_stop, then the WAL
 * written meanwhile, which a temporary replication slot keeps from being recycled until the copy is done.
 * Started from these files, the server replays that WAL (the backup_label says from where) and opens the
 * database as it stood when the backup ended. No pg_dump is needed: the registry's binaries have none.
 */
export async function copyEmbeddedPostgres(cluster: { dir: string; url: string }, target: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [`shop_backup_${process.pid}_${Date.now()}`]);
    await client.query(`select pg_backup_start('shop backup', true)`);
    await cp(cluster.dir, target, {
      recursive: true,
      filter: (source) => !NOT_COPIED.has(path.relative(cluster.dir, source).split(path.sep)[0]!),
    });
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null; last: string }>(
      'select labelfile, spcmapfile, pg_walfile_name(lsn) as last from pg_backup_stop(false)',
    );
    await writeFile(path.join(target, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) await writeFile(path.join(target, 'tablespace_map'), rows[0]!.spcmapfile);
    // the segments the backup spans: older ones are not replayed, later ones are recycled files not yet written
    const firstSegment = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(rows[0]!.labelfile)?.[1] ?? '';
    const lastSegment = rows[0]!.last;
    await cp(path.join(cluster.dir, 'pg_wal'), path.join(target, 'pg_wal'), {
      recursive: true,
      filter: (source) => {
        const name = path.relative(path.join(cluster.dir, 'pg_wal'), source);
        return name === '' || (/^[0-9A-F]{24}$/.test(name) && name >= firstSegment && name <= lastSegment) || name.endsWith('.history');
      },
    });
    await mkdir(path.join(target, 'pg_wal', 'archive_status'), { recursive: true });
    await mkdir(path.join(target, 'pg_replslot'), { recursive: true });
  } finally {
    // ending the session drops the temporary slot
    await client.end();
  }
}
