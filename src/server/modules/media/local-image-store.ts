import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStore, OpenedImage, StoredImageInfo } from './image-store.ts';
import { assertUploadName, UPLOAD_FILE_NAME, uploadsDir } from './media-service.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Length and modification time, as static file servers tag files: a rewritten file gets a new tag. */
const tagOf = (size: number, mtimeMs: number) => `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;

/** Images as files in DATA_DIR/uploads, where shops have always kept them. */
export function localImageStore(dataDir: string): ImageStore {
  const dir = uploadsDir(dataDir);
  const file = (name: string) => path.join(dir, assertUploadName(name));
  let made: Promise<unknown> | undefined;
  return {
    location: dir,
    async put(name, bytes) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      await writeFile(file(name), bytes);
    },
    async head(name): Promise<StoredImageInfo | null> {
      try {
        const info = await stat(file(name));
        return info.isFile() ? { size: info.size, etag: tagOf(info.size, info.mtimeMs) } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(name, ifNoneMatch): Promise<OpenedImage | 'unchanged' | null> {
      // open first, then stat the open file: a delete in between cannot mix two files' answers
      let handle;
      try {
        handle = await open(file(name), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        const etag = tagOf(info.size, info.mtimeMs);
        if (!info.isFile() || etag === ifNoneMatch) {
          await handle.close();
          return info.isFile() ? 'unchanged' : null;
        }
        return { size: info.size, etag, body: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(names) {
      await Promise.all(names.map((name) => rm(file(name), { force: true })));
    },
    async list() {
      try {
        return (await readdir(dir)).filter((name) => UPLOAD_FILE_NAME.test(name));
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
    async close() {},
  };
}
