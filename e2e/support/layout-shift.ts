import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { categories, categoryProducts } from './catalogue.js';
import { en } from './english.js';

/** A slow mobile connection (about "Fast 3G") plus a wait on every API answer. */
export const throttling = {
  latencyMs: 150,
  downloadKbps: 1600,
  uploadKbps: 750,
  apiDelayMs: 400,
};

/** The pages issue 10.3 names: home, a category, a product and cleaning. */
export async function layoutShiftPages(request: APIRequestContext) {
  const honey = (await categories(request)).find((category) => category.slug === 'honey');
  if (!honey) throw new Error('the demo catalogue has no Honey category');
  const [first] = (await categoryProducts(request, honey._id)).products;
  if (!first) throw new Error('the Honey category has no product');
  return {
    home: '/',
    category: '/category/honey',
    product: `/product/${first.slug}`,
    cleaning: '/cleaning',
  };
}

/**
 * Opens `url` over a throttled connection and sums every layout shift the page makes on its
 * own (PerformanceObserver `layout-shift`, shifts right after input left out) until it has
 * loaded: its cumulative layout shift.
 */
export async function measureLayoutShift(page: Page, url: string): Promise<number> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShift: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttling.latencyMs,
    downloadThroughput: (throttling.downloadKbps * 1000) / 8,
    uploadThroughput: (throttling.uploadKbps * 1000) / 8,
  });
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, throttling.apiDelayMs));
    await route.continue();
  });
  await page.goto(en(url), { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  // Two frames, so the last shifts are reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(
    () => (window as unknown as { layoutShift: { total: number } }).layoutShift.total,
  );
}

/** Adds one viewport's figures to bench/results/cls.json, keeping the other viewport's. */
export function recordLayoutShift(
  viewport: 'desktop' | 'phone',
  size: { width: number; height: number } | null,
  figures: Record<string, number>,
): void {
  const file = path.resolve(import.meta.dirname, '../../bench/results/cls.json');
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // First run: nothing stored yet.
  }
  const rounded = Object.fromEntries(
    Object.entries(figures).map(([name, value]) => [name, Math.round(value * 10000) / 10000]),
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        ...stored,
        throttling,
        target: 0.05,
        [viewport]: { measuredAt: new Date().toISOString(), viewport: size, cls: rounded },
      },
      null,
      2,
    )}\n`,
  );
}
