// The First Gap played with real key presses, the plan of tools/bots/first-gap.ts: P2 anchors at
// the deck's end, P1 swings across to the lip, anchors there, P2 swings under and is hauled up.
import type { Page } from 'playwright-core';
import { playerKeys } from './browser';
import { getState } from './gameState';

export /** Plays The First Gap to the goal with real keys and lets go of them; returns the completion tick. */
async function playFirstGap(page: Page): Promise<number> {
  const press = playerKeys(page);
  const hop = (x: number) => x > 3 && x < 6.5;
  let phase = 'walk';
  let since = 0;
  let state = await getState(page);
  for (let i = 0; i < 20000 && state.completedTick < 0; i++) {
    state = await getState(page);
    const [p1, p2] = state.players;
    if (phase === 'walk' || phase === 'swing') {
      await press(1, p2.x < 18.3 ? { right: true, jump: hop(p2.x) } : { anchor: true });
    }
    if (phase === 'walk') {
      await press(0, p1.x > 17 && !p2.anchored ? {} : { right: true, jump: hop(p1.x) });
      if (p1.x > 19.5 && p2.anchored) phase = 'swing';
    } else if (phase === 'swing') {
      await press(0, p1.vx >= 0 ? { right: true } : { left: true });
      if (p1.grounded && p1.x > 25) { phase = 'anchor'; since = state.tick; }
    } else if (phase === 'anchor') {
      await press(0, { anchor: true });
      await press(1, state.tick - since < 20 ? { anchor: true } : { right: true });
      if (state.tick - since > 170) phase = 'haul';
    } else {
      await press(0, p1.x < 45 ? { right: true } : {});
      await press(1, p2.x < 45 ? { right: true } : {});
    }
  }
  await press(0, {});
  await press(1, {});
  return state.completedTick;
}
