import { chromium } from 'playwright-core';
import { controller } from '/tmp/rb/controller';
const KEYS = [['KeyA','KeyD','KeyW','KeyS','KeyF'],['ArrowLeft','ArrowRight','ArrowUp','ArrowDown','Slash']];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-quic'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:5199/');
await page.waitForFunction(() => (window as any).__ropebound?.ready === true);
await page.locator('canvas').first().click();
const held = [0, 0];
const mem: Record<string, number> = {};
let last = '';
const t0 = Date.now();
let shots = 0;
while (Date.now() - t0 < 15000) {
  const s: any = await page.evaluate(() => (window as any).__ropebound.getState());
  if (s.completedTick >= 0) { console.log('COMPLETE', s.completedTick); break; }
  const out = controller(s, mem);
  if (mem.phase === 1 && (mem.n = (mem.n ?? 0) + 1) % 3 === 0 && mem.n < 200) console.log(s.tick, out.slice(0,2).join(","), JSON.stringify(s.players.map((p: any) => [p.x.toFixed(2), p.y.toFixed(2), p.vx.toFixed(1), p.anchored, p.grounded, p.taut])));
  if (out[2] !== last) { console.log(s.tick, out[2], JSON.stringify(s.players.map((p: any) => [p.x.toFixed(1), p.y.toFixed(1)]))); last = out[2];
    await page.screenshot({ path: `/tmp/rb/play-${shots++}-${last.replace(/ /g,'_')}.png` }); }
  for (let slot = 0; slot < 2; slot++) for (let b = 0; b < 5; b++) {
    const want = (out[slot] >> b) & 1, has = (held[slot] >> b) & 1;
    if (want && !has) await page.keyboard.down(KEYS[slot][b]);
    if (!want && has) await page.keyboard.up(KEYS[slot][b]);
  }
  held[0] = out[0]; held[1] = out[1];
}
for (let slot = 0; slot < 2; slot++) for (let b = 0; b < 5; b++) if ((held[slot] >> b) & 1) await page.keyboard.up(KEYS[slot][b]);
await page.waitForTimeout(500);
console.log(JSON.stringify(await page.evaluate(() => (window as any).__ropebound.getState())));
await page.screenshot({ path: '/tmp/rb/play-end.png' });
await browser.close();
