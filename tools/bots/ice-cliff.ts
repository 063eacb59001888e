// A scripted pair of players that completes level 22 ("The Ice Cliff"): both wait at the pit for lift
// A, ride it up to the shelf and step off; P1 walks over the crate hanging on frayed ropes while P2
// waits short of the crevasse (both on it would snap them), then P2 follows; both ride lift B up to
// the summit. There P1 boards the little ferry (2.4 m wide) and anchors; P2, left standing, is
// pulled off the summit and hangs below. Near the end of the ferry's run P2 pumps the swing, touching the gem high on
// its back-swing, and lets the forward swing carry it onto the far ledge, where it anchors; P1 lets go
// and jumps off the ferry down onto the ledge, and both walk to the goal.
// It reads what a player sees: the players, the lifts, the ferry.
import { Button, step, type SimWorld } from '../../src/sim';

/** Edges: lift A's shaft (from the start floor), the crevasse in the shelf, lift B's shaft, the
 *  summit's end and the far ledge's lip, m. The lifts dip 1.5 m below the floor they leave from and
 *  rise 1 m above the one they go to, so riders step down onto them and off them. */
export const SHAFT_A_X = 9;
export const CREVASSE: readonly [number, number] = [17, 22];
/** Jump off the frayed crate's far end toward the far side of the crevasse while between these x, m. */
export const HOP_X: readonly [number, number] = [19.6, 20.2];
export const SHAFT_B_X = 27;
export const SUMMIT_X = 38;
export const LEDGE_X = 55;
/** Where the ferry's run ends (it dips 2 m there and comes back up before returning), m. */
export const FERRY_END_X = 52;
/** Floor heights (feet y): start floor, shelf, summit, far ledge, m. */
export const FLOOR_Y = 28;
export const SHELF_Y = 20;
export const SUMMIT_Y = 10;
export const LEDGE_Y = 15;

export type IceCliffPhase = 'toLiftA' | 'boardA' | 'rideA' | 'crateP1' | 'crateP2' | 'toLiftB' | 'boardB' | 'rideB'
  | 'summit' | 'hook' | 'carry' | 'pump' | 'land' | 'jump' | 'goal';

/** Plays until the level is complete (or 120 s); returns the [P1, P2] masks pressed, one per tick. */
export function playIceCliff(world: SimWorld, onTick?: (phase: IceCliffPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const [liftA, liftB, ferry] = world.queries.platforms.dense;
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  /** Toward x (centre), standing within 0.12 m of it. */
  const toward = (e: number, x: number) => (body.x[e] < x - 0.12 ? Button.Right : body.x[e] > x + 0.12 ? Button.Left : 0);
  /** Like toward, but jumping (a full jump, key held) from the crate's end over the rest of the crevasse. */
  const hopOver = (e: number, x: number) => {
    const inAir = !player.isGrounded[e] && body.x[e] > HOP_X[0] && body.x[e] < CREVASSE[1];
    const isHop = player.isGrounded[e] && body.x[e] > HOP_X[0] && body.x[e] < HOP_X[1];
    return toward(e, x) | (isHop || inAir ? Button.Jump : 0);
  };
  const top = (p: number) => body.y[p] - body.halfH[p];
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const stands = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.1;
  // Widened on purpose: enter() changes it inside a closure, which TypeScript's narrowing does not see.
  let phase = 'toLiftA' as IceCliffPhase;
  let since = 0;
  const enter = (next: IceCliffPhase, t: number) => { phase = next; since = t; };
  for (let t = 0; t < 60 * 120 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    if (phase === 'toLiftA') {
      // Wait at the shaft's edge for lift A: it dips below the floor at the bottom of its run.
      p1 = toward(a, SHAFT_A_X - 0.5);
      p2 = toward(b, SHAFT_A_X - 1.9);
      if (p1 === 0 && p2 === 0 && top(liftA) > FLOOR_Y + 0.4) enter('boardA', t);
    }
    if (phase === 'boardA') {
      // Step down onto it; ride it up until it is above the shelf.
      p1 = toward(a, body.x[liftA] + 0.6);
      p2 = toward(b, body.x[liftA] - 0.6);
      if (top(liftA) < SHELF_Y - 0.5) enter('rideA', t);
    }
    if (phase === 'rideA') {
      // At the top: both step down onto the shelf; P1 walks up to the crevasse, P2 behind.
      p1 = toward(a, CREVASSE[0] - 0.5);
      p2 = toward(b, CREVASSE[0] - 2);
      if (p1 === 0 && p2 === 0 && stands(a, SHELF_Y) && stands(b, SHELF_Y)) enter('crateP1', t);
    }
    if (phase === 'crateP1') {
      // One at a time over the frayed crate: P1 crosses, P2 moves up to the crevasse's edge.
      p1 = hopOver(a, CREVASSE[1] + 1.2);
      p2 = toward(b, CREVASSE[0] - 0.5);
      if (p1 === 0 && stands(a, SHELF_Y)) enter('crateP2', t);
    }
    if (phase === 'crateP2') {
      p1 = toward(a, SHAFT_B_X - 0.5);
      p2 = hopOver(b, SHAFT_B_X - 1.9);
      if (p1 === 0 && p2 === 0 && stands(b, SHELF_Y)) enter('toLiftB', t);
    }
    if (phase === 'toLiftB') {
      if (top(liftB) > SHELF_Y + 0.4) enter('boardB', t);
    }
    if (phase === 'boardB') {
      p1 = toward(a, body.x[liftB] + 0.6);
      p2 = toward(b, body.x[liftB] - 0.6);
      if (top(liftB) < SUMMIT_Y - 0.5) enter('rideB', t);
    }
    if (phase === 'rideB') {
      p1 = toward(a, SUMMIT_X - 0.5);
      p2 = toward(b, SUMMIT_X - 2);
      if (p1 === 0 && p2 === 0 && stands(a, SUMMIT_Y) && stands(b, SUMMIT_Y)) enter('summit', t);
    }
    if (phase === 'summit') {
      // The ferry is coming back to the summit.
      if (body.vx[ferry] < 0 && body.x[ferry] < SUMMIT_X + 1.5) enter('hook', t);
    }
    if (phase === 'hook') {
      // P1 steps on and anchors; P2 stands: the tether pulls it off the summit.
      const onIt = player.isGrounded[a] && Math.abs(body.x[a] - body.x[ferry]) < 0.2 && feet(a) < SUMMIT_Y + 0.1;
      p1 = onIt || player.isAnchored[a] ? Button.Anchor : toward(a, body.x[ferry]);
      if (player.isAnchored[a] && body.x[ferry] > SUMMIT_X + 3) enter('carry', t);
    }
    if (phase === 'carry') {
      p1 = Button.Anchor;
      if (body.x[ferry] > 44) enter('pump', t);
    }
    if (phase === 'pump') {
      // P2 pumps along its swing: the gem is high on the back-swing. Once it has it and the ferry is
      // near the end of its run (where it dips and waits), a forward swing into the ledge's face with
      // Right held pulls P2 up onto the ledge (a ledge climb), and P2 anchors there.
      p1 = Button.Anchor;
      const isLate = world.rules.gems[0] !== 0 && body.x[ferry] > FERRY_END_X - 1;
      p2 = body.vx[b] >= 0 || (isLate && body.x[b] > LEDGE_X - 1) ? Button.Right : Button.Left;
      if (!isLate && body.x[b] > LEDGE_X - 1.5) p2 = Button.Left; // not yet: keep off the ledge
      if (stands(b, LEDGE_Y) && body.x[b] > LEDGE_X) enter('land', t);
    }
    if (phase === 'land') {
      p1 = Button.Anchor;
      p2 = Button.Anchor;
      if (player.isAnchored[b]) enter('jump', t);
    }
    if (phase === 'jump') {
      // P1 lets go, runs off the ferry and jumps down onto the ledge, held by P2's anchor.
      p2 = Button.Anchor;
      p1 = Button.Right | (t - since < 25 ? Button.Jump : 0);
      if (stands(a, LEDGE_Y)) enter('goal', t);
    }
    if (phase === 'goal') {
      p1 = toward(a, 61);
      p2 = toward(b, 59.5);
    }
    inputs[0] = p1;
    inputs[1] = p2;
    pressed.push([p1, p2]);
    step(world, inputs);
    onTick?.(phase);
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playIceCliff(world, onTick); };
