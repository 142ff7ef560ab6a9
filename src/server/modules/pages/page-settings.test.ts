import { describe, expect, it, vi } from 'vitest';
import { createRenderQueryClient, SITE_SETTINGS_URL, siteSettingsQueryOptions, type Fetcher } from '#client/ssr-entry.tsx';
import { createPageSettings } from './page-settings.ts';

// The settings a page is rendered with come from the shop's own read (/api/site-settings, answered
// in-process through the render's QueryClient); here that read is a stub that counts and can be held.

function stubSettingsRead() {
  let title = 'First title';
  let held: Promise<void> | null = null;
  const read = vi.fn(async (_url: string) => {
    const answer = { siteTitle: title };
    await held;
    return Response.json(answer);
  });
  return {
    read,
    setTitle: (next: string) => void (title = next),
    hold() {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
  };
}

const titleOf = async (settings: ReturnType<typeof createPageSettings>, settingsRead: Fetcher) => {
  const queryClient = createRenderQueryClient(settingsRead);
  const read = await settings.read(queryClient);
  // the page's QueryClient holds them under the read's own key, as the browser's would
  expect(queryClient.getQueryData(siteSettingsQueryOptions().queryKey)).toBe(read);
  return read.siteTitle;
};

describe('site settings for rendered pages', () => {
  it('are read once and kept until cleared', async () => {
    const stub = stubSettingsRead();
    const settings = createPageSettings({ cacheMs: 60_000 });
    expect(await titleOf(settings, stub.read)).toBe('First title');
    stub.setTitle('Second title');
    expect(await titleOf(settings, stub.read)).toBe('First title');
    expect(stub.read).toHaveBeenCalledTimes(1);
    expect(stub.read).toHaveBeenCalledWith(SITE_SETTINGS_URL, expect.anything());

    settings.clear();
    expect(await titleOf(settings, stub.read)).toBe('Second title');
    expect(stub.read).toHaveBeenCalledTimes(2);
  });

  it('do not keep a read that was under way when they were cleared', async () => {
    const stub = stubSettingsRead();
    const settings = createPageSettings({ cacheMs: 60_000 });
    const release = stub.hold();
    const before = titleOf(settings, stub.read);
    settings.clear();
    stub.setTitle('Changed title');
    release();
    // the page under way shows what it read; the next one reads again
    expect(await before).toBe('First title');
    expect(await titleOf(settings, stub.read)).toBe('Changed title');
    expect(stub.read).toHaveBeenCalledTimes(2);
  });

  it('are read for every page with cacheMs 0', async () => {
    const stub = stubSettingsRead();
    const settings = createPageSettings({ cacheMs: 0 });
    await titleOf(settings, stub.read);
    await titleOf(settings, stub.read);
    expect(stub.read).toHaveBeenCalledTimes(2);
  });
});
