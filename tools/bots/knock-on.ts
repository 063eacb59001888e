// A scripted pair that completes level 15 ("Knock-On", id knock-on). Two pits, each with a loose
// crate on a stone pillar in the middle (a beam hangs over it, so nobody can stand on that crate)
// and a crate hanging at the near edge. At the first, P2 anchors back from the edge so the tether
// holds P1 short of the pit; P1 charges the hanging crate, which swings out and knocks the loose
// crate off its pillar down onto the spikes, where it is a stepping stone. Each then hops onto the
// hanging crate, steps over to the pillar, down onto the stone and jumps up the far wall (P1 from
// the stone straight up first, for the gem above it). At the second pit they swap: P1 anchors and
// P2 charges. It reads what players can see: where they are and where the crates are.
// The gap under each hanging crate is a 1 m dip with no spikes (a charge that overshoots lands in it
// and climbs out): a blind try died there 7 times out of 7 when it had spikes.
import { Button, step, type SimWorld, boxEntity } from '../../src/sim';

/** One pit: its near edge, floor heights, and where the partner anchors so the tether stops the
 *  charging player at the edge, m. */
export interface Pit { edge: number; floor: number; leash: number }
export const PITS: readonly [Pit, Pit] = [
  { edge: 14, floor: 16, leash: 5.78 },
  { edge: 30, floor: 15, leash: 21.78 },
];
/** Where the goal is, for each player, m. */
export const GOAL_X: readonly [number, number] = [44, 42.5];

export type KnockOnPhase = 'leash1' | 'charge1' | 'cross1' | 'leash2' | 'charge2' | 'cross2' | 'goal';

/** How far short of the stone's centre a running player jumps off the pillar to come down on the
 *  stone's middle (feet 1 m lower), m. Measured on level 16: jumping 2.3-2.4 m short it lands
 *  0.0-0.3 m from the centre and the stone stays put; 2.1 m short it lands on the far corner and
 *  2.6 m short (where the plain crossing jumps) on the near one, and either tips the stone back. */
const JUMP_REACH = 2.4;

/** A crossing over a pit once its stone is down, as one player's little state machine: walk up to
 *  the edge, hop onto the hanging crate, step over to the pillar, down onto the stone, jump up the
 *  far wall. Returns the buttons for this tick, or 0 when across.
 *  With `aimAtStone` the jump off the pillar is timed by where the stone lies (so the player comes
 *  down on the stone's middle, not on its near corner, which tips it and sends it sliding back), and
 *  on the stone the player first walks to its far side, so the climb starts as near the far wall as
 *  the stone allows. Without it (level 15's other crossings, level 16's solo bot) it jumps 2.6 m
 *  past the edge and climbs from where it lands, as their replays were recorded. Level 15's P1 at
 *  the first pit aims since the tile friction of a crate touching another became Coulomb over the
 *  whole substep (boxes.ts): the knocked stone lies 4 mm further on, and after the plain jump P1
 *  died in the pit and the bot started over for ever. With `landAfterGem` (level 15's P1) the hop
 *  for the gem comes down on the stone before the climb. */
export function createCrossing(world: SimWorld, e: number, pit: Pit, hanging: number, stone: number, gemFirst: boolean, aimAtStone = false, landAfterGem = false) {
  const { body, player } = world;
  let step = 0;
  let ticks = 0;
  let onFarSide = !aimAtStone;
  let hasHopped = false;
  const feet = () => body.y[e] + body.halfH[e];
  const press = (): number => {
    const x = body.x[e];
    const grounded = player.isGrounded[e] === 1;
    ticks++;
    if (step === 0) { // to the edge, still
      if (x < pit.edge - 1.2) return Button.Right;
      // Hop only onto a crate hanging (nearly) still where it hangs at rest.
      const settled = Math.abs(body.x[hanging] - (pit.edge + 0.7)) < 0.35 && Math.abs(body.vx[hanging]) < 1.2;
      if (grounded && Math.abs(body.vx[e]) < 0.2 && settled) { step = 1; ticks = 0; }
      return 0;
    }
    if (step === 1) { // hop onto the hanging crate's top
      if (ticks > 10 && grounded) { step = 2; return 0; }
      return Button.Jump | (x < pit.edge + 0.7 ? Button.Right : 0);
    }
    if (step === 2) { // walk over to the pillar, then jump from its end down onto the stone
      if (grounded && feet() > pit.floor + 0.5) { step = 3; ticks = 0; }
      const to = body.x[stone];
      // Off the pillar (it ends 3 m past the edge; a player still stands on it 0.35 m further).
      const jumpX = aimAtStone ? Math.min(Math.max(to - JUMP_REACH, pit.edge + 2.6), pit.edge + 3.25) : pit.edge + 2.6;
      const hop = grounded && Math.abs(feet() - pit.floor) < 0.05 && x > jumpX ? Button.Jump : 0;
      if (!grounded && x > pit.edge + 3) return x < to - 0.15 ? Button.Right : x > to + 0.15 ? Button.Left : 0;
      return hop | (x < to - 0.1 ? Button.Right : x > to + 0.1 ? Button.Left : 0);
    }
    if (step === 3) { // up the far wall (straight up first for the gem)
      if (grounded && feet() < pit.floor) { step = 4; return 0; }
      if (!onFarSide) { // walk to the stone's far side first (its centre + 0.2 m: a player is 0.7 m wide)
        if (grounded && x < body.x[stone] + 0.2) return Button.Right;
        onFarSide = true;
        ticks = 0;
      }
      if (gemFirst && ticks < 16) return Button.Jump;
      // With `landAfterGem`, down on the stone again after the hop for the gem, then the climb:
      // level 15's P1 jumping for the wall straight out of the hop fell short once the knocked
      // stone lay 1 m from the far wall (as it has since box outline points are pushed out of the
      // stone at their arm at the substep's start).
      if (gemFirst && landAfterGem && !hasHopped) {
        if (!grounded) return 0;
        hasHopped = true;
      }
      return Button.Jump | Button.Right;
    }
    return 0;
  };
  return { press, isAcross: () => step === 4 };
}

/** Plays until the level is complete (or 90 s); returns the [P1, P2] masks pressed, one per tick. */
export function playKnockOn(world: SimWorld, onTick?: (phase: KnockOnPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const stones = [boxEntity(world, 1), boxEntity(world, 3)];
  const hanging = [boxEntity(world, 0), boxEntity(world, 2)];
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  const walkTo = (e: number, to: number) => (body.x[e] < to - 0.05 ? Button.Right : body.x[e] > to + 0.05 ? Button.Left : 0);
  /** A knocked crate has come to rest down on the pit floor. */
  const landed = (crate: number, pit: Pit) => body.y[crate] > pit.floor + 1 && Math.abs(body.vx[crate]) < 0.05 && Math.abs(body.vy[crate]) < 0.05;
  let phase = 'leash1' as KnockOnPhase;
  let since = 0;
  let crossA = { press: () => 0, isAcross: () => false };
  let crossB = crossA;
  const enter = (next: KnockOnPhase, t: number) => { phase = next; since = t; };
  for (let t = 0; t < 60 * 90 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    if (phase === 'leash1') {
      // P2 anchors back from the edge; P1 waits for it.
      p2 = player.isAnchored[b] ? Button.Anchor : walkTo(b, PITS[0].leash) || Button.Anchor;
      p1 = walkTo(a, 10);
      if (player.isAnchored[b]) enter('charge1', t);
    } else if (phase === 'charge1') {
      // P1 charges the hanging crate; the tether holds it at the edge.
      p2 = Button.Anchor;
      p1 = Button.Right;
      if (t - since > 30 && landed(stones[0], PITS[0])) {
        enter('cross1', t);
        crossA = createCrossing(world, a, PITS[0], hanging[0], stones[0], true, true, true); // aims: see createCrossing
        crossB = createCrossing(world, b, PITS[0], hanging[0], stones[0], false);
      }
    } else if (phase === 'cross1') {
      // P1 crosses first (P2 waits back, off the hanging crate); then P2.
      p1 = crossA.press();
      p2 = crossA.isAcross() ? crossB.press() : 0;
      if (crossA.isAcross() && crossB.isAcross()) enter('leash2', t);
    } else if (phase === 'leash2') {
      // Roles swap: P1 anchors back from the second edge, P2 charges.
      // (Anchored from 0.05 m short of the spot to 0.15 m past it: walking to within 0.05 m, P1 could
      // swing about the spot for ever, and anchored 0.14 m short the tether held P2 off the crate.)
      const off = body.x[a] - PITS[1].leash;
      p1 = player.isAnchored[a] || (off > -0.05 && off < 0.15) ? Button.Anchor : walkTo(a, PITS[1].leash);
      p2 = player.isAnchored[a] ? Button.Right : walkTo(b, PITS[1].leash + 1);
      if (player.isAnchored[a]) enter('charge2', t);
    } else if (phase === 'charge2') {
      p1 = Button.Anchor;
      p2 = Button.Right;
      if (t - since > 30 && landed(stones[1], PITS[1])) {
        enter('cross2', t);
        crossA = createCrossing(world, a, PITS[1], hanging[1], stones[1], false);
        crossB = createCrossing(world, b, PITS[1], hanging[1], stones[1], false);
      }
    } else if (phase === 'cross2') {
      p2 = crossB.press();
      p1 = crossB.isAcross() ? crossA.press() : 0;
      if (crossA.isAcross() && crossB.isAcross()) enter('goal', t);
    } else {
      p1 = walkTo(a, GOAL_X[0]);
      p2 = walkTo(b, GOAL_X[1]);
    }
    pressed.push([p1, p2]);
    inputs[0] = p1;
    inputs[1] = p2;
    step(world, inputs);
    onTick?.(phase);
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playKnockOn(world, onTick); };
