import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built client's files for a test, by path inside its folder: index.html, assets/..., .vite/manifest.json. */
export type ClientFiles = Readonly<Record<string, string>>;

/** Writes the files into dir (made if missing, with any folders the paths name). */
export async function writeClientFiles(dir: string, files: ClientFiles): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [file, contents] of Object.entries(files)) {
    const target = path.join(dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, contents);
  }
}

/** A client folder of its own in the temp folder, for a test that reads one without an app; remove() deletes it. */
export async function makeClientDir(files: ClientFiles): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shop-client-'));
  await writeClientFiles(dir, files);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
