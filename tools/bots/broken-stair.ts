// A scripted pair that climbs "The Broken Stair" (levels/07-broken-stair.json): three storeys, each
// the same climb. The follower jumps up through the wooden perch plank over the chasm and anchors at
// its end; the leader walks off the floor's edge below it and pumps the swing (back under the floor's
// slab, where the gems hang on storeys 2 and 3, then out) until it rises through the landing planks
// across the chasm and lands on them; it anchors at their near end; the follower walks off the perch,
// is caught by the rope and hangs under the planks; the leader walks on, hauling it up (the follower
// presses on, so it pulls itself over the edge); both jump the two 3 m steps to the next storey.
// Players pass through each other, so the one hauled up (behind) leads the next storey: the roles
// swap every storey. It reads only positions and states a player can see.
import { Button, step, type SimWorld } from '../../src/sim';

/** One storey: x of the chasm's near edge, the floor's surface y, x where the landing planks
 *  across the chasm begin (level with the floor), x of the two steps up. */
export interface Storey {
  chasm: number;
  floor: number;
  land: number;
  step: number;
}

/** The perch plank is 2 m above the floor, x chasm - 2 .. chasm + 1. */
export const STOREYS: readonly Storey[] = [
  { chasm: 12, floor: 26, land: 19, step: 30 },
  { chasm: 42, floor: 20, land: 49, step: 60 },
  { chasm: 72, floor: 14, land: 79, step: 90 },
];
/** Where both walk to at the top (inside the goal), m. */
export const GOAL_X = 95;

export type Phase = 'walk' | 'perch' | 'swing' | 'anchor' | 'drop' | 'haul' | 'steps' | 'goal';

/** Plays until the level is complete (or 150 s). */
export function playTower(world: SimWorld, onTick?: (phase: Phase) => void): void {
  const players = world.queries.players.dense;
  const { body, player } = world;
  const inputs = [0, 0];
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const standsAt = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.05;
  // Ticks each player still holds Jump: a full jump is held ~20 ticks, as a person holds the key,
  // then let go so the next one (onto the next step) is a new press.
  const jumpHeld = [0, 0];
  const climb = (slot: number, from: number): number => {
    const e = players[slot];
    if (jumpHeld[slot] > 0) { jumpHeld[slot]--; return Button.Right | (jumpHeld[slot] > 0 ? Button.Jump : 0); }
    if (player.isGrounded[e] && body.x[e] > from) { jumpHeld[slot] = 21; return Button.Right | Button.Jump; }
    return Button.Right;
  };
  let k = 0; // storey
  let phase: Phase = 'walk';
  let since = 0;
  for (let t = 0; t < 60 * 150 && world.completedTick < 0; t++) {
    const s = STOREYS[Math.min(k, STOREYS.length - 1)];
    const plankY = s.floor - 2;
    // Storey 0: P1 leads. Then the one hauled up leads (it comes up behind the other).
    const leadSlot = k % 2;
    const lead = players[leadSlot];
    const follow = players[1 - leadSlot];
    const xl = body.x[lead];
    const xf = body.x[follow];
    let pl = 0;
    let pf = 0;
    if (phase === 'walk') {
      // The follower goes under the plank and jumps up through it; the leader waits at the edge.
      // (Straight up from under it: running on would carry it over the chasm.)
      pf = xf < s.chasm - 1.3 ? Button.Right : Math.abs(body.vx[follow]) < 0.2 ? Button.Jump : 0;
      pl = xl < s.chasm - 0.5 ? Button.Right : 0;
      if (standsAt(follow, plankY)) { phase = 'perch'; since = t; }
    } else if (phase === 'perch') {
      // The follower walks to the plank's end and anchors; then the leader walks off the edge.
      pf = xf < s.chasm + 0.45 ? Button.Right : Button.Anchor;
      pl = xl < s.chasm - 0.5 || player.isAnchored[follow] ? Button.Right : 0;
      if (xl > s.chasm + 0.4 && player.isAnchored[follow]) { phase = 'swing'; since = t; }
    } else if (phase === 'swing') {
      pf = Button.Anchor;
      // Pump with the swing; the first push goes back under the slab so the next one swings higher.
      pl = t - since < 15 ? 0 : body.vx[lead] >= 0 ? Button.Right : Button.Left;
      if (standsAt(lead, s.floor) && xl > s.land) { phase = 'anchor'; since = t; }
    } else if (phase === 'anchor') {
      pf = Button.Anchor;
      // Anchor at the planks' near end: close enough for the follower to step off the perch.
      if (xl > s.land + 0.5) pl = Button.Left;
      else { pl = Button.Anchor; if (player.isAnchored[lead]) { phase = 'drop'; since = t; } }
    } else if (phase === 'drop') {
      pl = Button.Anchor;
      // The follower lets go and walks off the perch; the rope catches it under the planks.
      pf = t - since < 15 ? Button.Anchor : xf < s.chasm + 2 && feet(follow) <= plankY + 0.01 ? Button.Right : 0;
      if (t - since > 150) { phase = 'haul'; since = t; }
    } else if (phase === 'haul') {
      // The leader walks away from the edge; the follower presses into the wall to climb over.
      pl = Button.Right;
      pf = Button.Right;
      if (standsAt(follow, s.floor) && xf > s.land) { phase = 'steps'; since = t; }
    } else if (phase === 'steps') {
      // Both jump the two 3 m steps to the next floor (jumping into the wall pulls them up).
      const up = s.floor - 6;
      pl = standsAt(lead, up) && xl > s.step + 3 ? 0 : climb(leadSlot, s.step - 1.3);
      pf = standsAt(follow, up) && xf > s.step + 2.5 ? 0 : climb(1 - leadSlot, s.step - 1.3);
      if (pl === 0 && pf === 0) { k++; phase = k >= STOREYS.length ? 'goal' : 'walk'; since = t; }
    } else {
      pl = xl < GOAL_X ? Button.Right : 0;
      pf = xf < GOAL_X - 1 ? Button.Right : 0;
    }
    inputs[leadSlot] = pl;
    inputs[1 - leadSlot] = pf;
    step(world, inputs);
    onTick?.(phase);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => playTower(world, onTick);
