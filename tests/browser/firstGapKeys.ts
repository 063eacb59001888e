// The First Gap played with keys, the plan of tools/bots/first-gap.ts: P2 anchors at the deck's end,
// P1 swings across to the lip, anchors there, P2 swings under and is hauled up.
//
// The bot runs inside the page, once per drawn frame right after the game's own frame, and presses
// keys as keydown/keyup events on the window, where the game's keyboard listener hears them. It used
// to run in the test process, reading the state and pressing each key over the DevTools protocol: a
// round trip per read and per key, so under load (the unit tests beside it) it acted on state
// hundreds of ms old, pumped the swing the wrong way and twice in a few dozen runs never finished
// (165 s, 240 s). In the page it sees every frame and acts on the next one, however slow the page.
// A crossing that still goes wrong (a death) starts the plan over from the checkpoint.
// The trusted key path (the protocol's key presses) is covered by the tests that press keys
// themselves (keys, screens, settings, solo...).
import type { Page } from 'playwright-core';
import type { DebugHandle } from '../../src/app/debugHandle';
import { DEATH_TICKS } from '../../src/sim';
import { PLAYER_KEYS } from './browser';

/** Plays The First Gap to the goal and lets go of every key; resolves to the completion tick. */
export async function playFirstGap(page: Page, timeoutMs = 120_000): Promise<number> {
  return page.evaluate(([keys, timeoutMs, deathTicks]) => new Promise<number>((resolve, reject) => {
    const handle = window.__ropebound as unknown as Pick<DebugHandle, 'getState' | 'deaths'>;
    // The bot acts once a game frame: on the test clock (browser.ts) a frame runs up to 15 ticks,
    // too coarse to pump a swing. It plays on the stepped clock instead: game frames 25 ms apart
    // (1-2 ticks each), STEPS of them in each page frame, so the level takes a fraction of its game
    // time on the wall clock (what it saved: docs/TEST-TIME.md); the clock is put back at the end.
    // Only for a bot inside the page: keys pressed from the test process would each span several
    // times the ticks (Box Bump's crate, pushed that much longer, once swung back too little).
    const STEPS = 6;
    const clock = window as unknown as { __testFps?: number; __testStepMs?: number; __testSteps?: number };
    const before = { fps: clock.__testFps, stepMs: clock.__testStepMs, steps: clock.__testSteps };
    clock.__testFps = 0;
    clock.__testStepMs = 25;
    clock.__testSteps = STEPS;
    const settle = <T,>(done: (v: T) => void, value: T): void => {
      clock.__testFps = before.fps;
      clock.__testStepMs = before.stepMs;
      clock.__testSteps = before.steps;
      done(value);
    };
    type Want = { right?: boolean; left?: boolean; jump?: boolean; anchor?: boolean };
    const held = new Set<string>();
    const setKey = (code: string, down: boolean): void => {
      if (down === held.has(code)) return;
      if (down) held.add(code);
      else held.delete(code);
      window.dispatchEvent(new KeyboardEvent(down ? 'keydown' : 'keyup', { code, bubbles: true, cancelable: true }));
    };
    const press = (slot: number, want: Want): void => {
      for (const action of ['right', 'left', 'jump', 'anchor'] as const) setKey(keys[slot][action], want[action] === true);
    };
    const hop = (x: number): boolean => x > 3 && x < 6.5;
    let phase = 'walk';
    let since = 0;
    let quietUntil = -1;
    let deaths = handle.deaths;
    const startedMs = performance.now();
    const frame = (): void => {
      const state = handle.getState();
      if (!state) {
        press(0, {});
        press(1, {});
        settle(reject, new Error('no world is running (did the level fail to load?)'));
        return;
      }
      if (state.completedTick >= 0) {
        press(0, {});
        press(1, {});
        settle(resolve, state.completedTick);
        return;
      }
      const [p1, p2] = state.players;
      if (performance.now() - startedMs > timeoutMs) {
        press(0, {});
        press(1, {});
        settle(reject, new Error(`The First Gap not finished in ${timeoutMs} ms: phase ${phase} at tick ${state.tick}, P1 at (${p1.x.toFixed(2)}, ${p1.y.toFixed(2)}), P2 at (${p2.x.toFixed(2)}, ${p2.y.toFixed(2)})`));
        return;
      }
      // A swing that fell short (a slow frame pumps late) costs a death: the pair is back on the deck
      // at the checkpoint, so the plan starts over there instead of walking on into the chasm.
      // Both let go of every key until the respawn: a key held through it does nothing until let go.
      if (handle.deaths !== deaths) {
        deaths = handle.deaths;
        phase = 'walk';
        quietUntil = state.tick + deathTicks + 2;
      }
      if (state.tick < quietUntil) {
        press(0, {});
        press(1, {});
        requestAnimationFrame(frame);
        return;
      }
      if (phase === 'walk' || phase === 'swing') {
        press(1, p2.x < 18.3 ? { right: true, jump: hop(p2.x) } : { anchor: true });
      }
      if (phase === 'walk') {
        press(0, p1.x > 17 && !p2.anchored ? {} : { right: true, jump: hop(p1.x) });
        if (p1.x > 19.5 && p2.anchored) phase = 'swing';
      } else if (phase === 'swing') {
        press(0, p1.vx >= 0 ? { right: true } : { left: true });
        if (p1.grounded && p1.x > 25) { phase = 'anchor'; since = state.tick; }
      } else if (phase === 'anchor') {
        press(0, { anchor: true });
        press(1, state.tick - since < 20 ? { anchor: true } : { right: true });
        if (state.tick - since > 170) phase = 'haul';
      } else {
        press(0, p1.x < 45 ? { right: true } : {});
        press(1, p2.x < 45 ? { right: true } : {});
      }
      requestAnimationFrame(frame);
    };
    // The game's frame callback is already requested, so each bot frame sees that frame's ticks.
    requestAnimationFrame(frame);
  }), [PLAYER_KEYS, timeoutMs, DEATH_TICKS] as const);
}
