// The tests of one file share a browser context (tests/browser/browser.ts, for its warm caches):
// what one test's page stored must be gone for the next, or tests would pass or fail by order.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gameUrl, newGamePage, sharedBrowser, testPagesOf } from './browser';

let browser: Browser;
/** The first test's page: the second gets the same one back (a kept page, browser.ts), cleaned. */
let firstPage: Page | undefined;
/** What the first test's console listener heard: it must hear nothing of the second test's page. */
const heardByFirst: string[] = [];
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** What the page's origin has stored: a localStorage key, IndexedDB databases, a sessionStorage key. */
const stored = `(async () => ({
  local: localStorage.getItem('rb-isolation'),
  session: sessionStorage.getItem('rb-isolation'),
  databases: (await indexedDB.databases()).map((d) => d.name).filter((n) => n === 'rb-isolation'),
}))()`;

test('a page stores in localStorage, sessionStorage and IndexedDB, and is left with a key held, a listener, an init script and its own viewport', async () => {
  const { page, close } = await newGamePage(browser);
  firstPage = page;
  try {
    await page.goto(gameUrl('?level=1'), { waitUntil: 'domcontentloaded' });
    await page.evaluate(`(async () => {
      localStorage.setItem('rb-isolation', 'x');
      sessionStorage.setItem('rb-isolation', 'x');
      await new Promise((resolve, reject) => {
        const r = indexedDB.open('rb-isolation');
        r.onupgradeneeded = () => r.result.createObjectStore('s');
        r.onsuccess = () => { r.result.close(); resolve(0); };
        r.onerror = () => reject(r.error);
      });
    })()`);
    expect(await page.evaluate(stored)).toEqual({ local: 'x', session: 'x', databases: ['rb-isolation'] });
    page.on('console', (msg) => heardByFirst.push(msg.text()));
    await page.addInitScript(() => { (window as unknown as { leftover: number }).leftover = 1; });
    await page.setViewportSize({ width: 800, height: 600 });
    await page.keyboard.down('KeyD'); // never released by the test
  } finally {
    await close();
  }
});

test('the next test in the file (same shared context, the same page kept) finds none of it', async () => {
  const { page, context, close } = await newGamePage(browser);
  try {
    expect(page).toBe(firstPage);
    await page.goto(gameUrl('?level=1'), { waitUntil: 'domcontentloaded' });
    expect(testPagesOf(context)).toEqual([page]);
    // Its init script is gone and its viewport is the default again.
    expect(await page.evaluate(() => (window as unknown as { leftover?: number }).leftover)).toBeUndefined();
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([1280, 720]);
    expect(await page.evaluate(stored)).toEqual({ local: null, session: null, databases: [] });
    // The key the last test held was released: pressing it now is a first press, not a repeat.
    await page.evaluate(() => {
      (window as unknown as { repeats: boolean[] }).repeats = [];
      window.addEventListener('keydown', (e) => (window as unknown as { repeats: boolean[] }).repeats.push(e.repeat), true);
    });
    await page.keyboard.down('KeyD');
    await page.keyboard.up('KeyD');
    expect(await page.evaluate(() => (window as unknown as { repeats: boolean[] }).repeats)).toEqual([false]);
    // Nor is the last test's listener still attached.
    await page.evaluate(() => console.log('rb-isolation'));
    expect(heardByFirst).not.toContain('rb-isolation');
  } finally {
    await close();
  }
});
