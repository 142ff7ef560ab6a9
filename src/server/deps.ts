import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';

/** What every module's routes are built with; tests build it with a fresh database. */
export interface AppDeps {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  /** Absolute DATA_DIR: uploads and generated files live under it. */
  dataDir: string;
}
