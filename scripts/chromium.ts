import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Two browsers. The bench's Lighthouse and bundle figures want a whole Chromium, as shoppers run it: the
// system's. The browser suite wants a headless shell (decision 084): the same Blink and V8 without the
// browser's own windowing and compositing, as Playwright's own default for headless runs; it takes about
// half the CPU of a whole Chromium, and on these 2-core machines the suite is bound by CPU. Both take
// CHROME_PATH first. The shell is the one inside @sparticuz/chromium, a dev dependency from the npm
// registry, so `npm test` needs nothing installed by hand.
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** A whole Chromium: the system's if it has one, else the headless shell. */
export function chromiumPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path)) ?? headlessShellPath();
}

/** The headless shell the browser suite drives. */
export function headlessShellPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  // its binary comes compressed and is unpacked on first use (to the temp folder); the API is async and a
  // Playwright config is read synchronously, hence the child process
  const script = "import chromium from '@sparticuz/chromium'; process.stdout.write(await chromium.executablePath());";
  return execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' }).trim();
}

/** Flags that keep it quiet and headless in a container. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
