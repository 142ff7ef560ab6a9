import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';
import { median, round } from './stats.ts';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** the accessibility and SEO audits that failed, by id, so a score under 100 says why */
  failedAudits: string[];
}

export interface LighthousePage {
  name: string;
  path: string;
  /** a page the shop keeps out of search engines on purpose (its robots meta says noindex) */
  noindex?: boolean;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'failedAudits'>;
  failedAudits: string[];
}

/** Lighthouse's default config is the mobile profile (Moto G Power, simulated slow 4G, 4x CPU slowdown). */
async function runOnce(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const failed = [...(categories.accessibility?.auditRefs ?? []), ...(categories.seo?.auditRefs ?? [])]
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: round(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
    failedAudits: failed,
  };
}

/** Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP); such a run is repeated, not counted. */
async function runWithRetry(url: string, port: number, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Median of 3 runs per page (each figure its own median). */
export async function measureLighthouse(options: {
  shopUrl: string;
  pages: Array<{ name: string; path: string; noindex?: boolean }>;
  runs?: number;
}): Promise<LighthousePage[]> {
  const { runs = 3 } = options;
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const pages: LighthousePage[] = [];
    for (const page of options.pages) {
      const results: LighthouseRun[] = [];
      // a shop's pages are asked for all day: the first request after start (the route's code loading,
      // the first reads prepared) is not what a visitor meets, and once cost the home page 2.5 s of LCP
      await (await fetch(options.shopUrl + page.path)).arrayBuffer();
      for (let run = 0; run < runs; run += 1) results.push(await runWithRetry(options.shopUrl + page.path, chrome.port));
      pages.push({
        ...page,
        runs: results,
        median: {
          performance: median(results.map((run) => run.performance)),
          accessibility: median(results.map((run) => run.accessibility)),
          seo: median(results.map((run) => run.seo)),
          lcpMs: median(results.map((run) => run.lcpMs)),
          tbtMs: median(results.map((run) => run.tbtMs)),
          cls: median(results.map((run) => run.cls)),
        },
        failedAudits: [...new Set(results.flatMap((run) => run.failedAudits))],
      });
    }
    return pages;
  } finally {
    chrome.kill();
  }
}
