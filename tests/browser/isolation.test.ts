// The tests of one file share a browser context (tests/browser/browser.ts, for its warm caches):
// what one test's page stored must be gone for the next, or tests would pass or fail by order.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, newGamePage, sharedBrowser, testPagesOf } from './browser';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** What the page's origin has stored: a localStorage key, IndexedDB databases, a sessionStorage key. */
const stored = `(async () => ({
  local: localStorage.getItem('rb-isolation'),
  session: sessionStorage.getItem('rb-isolation'),
  databases: (await indexedDB.databases()).map((d) => d.name).filter((n) => n === 'rb-isolation'),
}))()`;

test('a page stores in localStorage, sessionStorage and IndexedDB', async () => {
  const { page, close } = await newGamePage(browser);
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
  } finally {
    await close();
  }
});

test('the next test in the file (same shared context) finds none of it', async () => {
  const { page, context, close } = await newGamePage(browser);
  try {
    await page.goto(gameUrl('?level=1'), { waitUntil: 'domcontentloaded' });
    expect(testPagesOf(context)).toEqual([page]);
    expect(await page.evaluate(stored)).toEqual({ local: null, session: null, databases: [] });
  } finally {
    await close();
  }
});
