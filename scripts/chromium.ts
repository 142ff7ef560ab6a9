import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The browser the e2e suite and the bench drive: CHROME_PATH, else a Chromium the system has, else the one
// shipped inside @sparticuz/chromium (a dev dependency from the npm registry), so `npm test` needs nothing
// installed by hand.
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const installed = SYSTEM_CHROMIUMS.find((path) => existsSync(path));
  if (installed) return installed;
  // its binary comes compressed and is unpacked on first use (to the temp folder); the API is async and a
  // Playwright config is read synchronously, hence the child process
  const script = "import chromium from '@sparticuz/chromium'; process.stdout.write(await chromium.executablePath());";
  return execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' }).trim();
}

/** Flags that keep it quiet and headless in a container. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
