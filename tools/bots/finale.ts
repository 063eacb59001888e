// A scripted pair of players that completes level 24 ("The Long Way Down"), a tour of every earlier
// mechanic: P1 bumps the hanging crate aside and anchors at the plateau's edge while P2 walks off, is
// caught by the rope level with the rock slab tucked under the overhang and climbs onto it (holding
// Left); P2 anchors at the slab's end and P1 steps off the edge, swinging on P2's anchor under the slab
// and pumping until it lands on the wooden lip across the chasm; P1 anchors there, P2 swings over and
// P1 hauls it up; both wait for the spiked pendulum to swing away and run under it, walk onto the plug
// (its frayed rope snaps) and fall down the shaft, then jump onto the gondola hanging from the moving
// trolley when it comes down into the station and ride it to the goal ledge; halfway over the pit P1
// jumps off the swaying gondola for the gem floating above the ride and lands on it again.
// It reads positions a player can see on screen (players, the pendulum, the trolley, the gondola).
import { Button, gemsCollected, step, type SimWorld, boxEntity } from '../../src/sim';

/** The plateau's edge, the rock slab tucked under the overhang below it and the lip across the chasm, m. */
export const EDGE_X = 30;
export const SLAB = { x0: 22, x1: 29, y: 19 } as const;
export const LIP = { x0: 36, y: 21 } as const;
/** The pendulum's pivot x and where the pair waits for it (P1, P2), m. */
export const PIVOT_X = 56.5;
const WAIT_X: readonly [number, number] = [51.5, 50.7];
/** The station edge in the gondola hall and the goal ledge, m. */
const STATION_X = 79;
const GOAL_LEDGE_X = 94;
/** Where the pair waits for the gondola (P1, P2), clear of where it swings in, m. */
const STATION_WAIT: readonly [number, number] = [76.6, 75.3];
/** Riding the gondola, P1 jumps for the gem once the trolley is past this x, m. */
const GEM_HOP_X = 85.5;

export type FinalePhase =
  | 'walk' | 'lower' | 'catch' | 'swing' | 'anchor' | 'haul'
  | 'pendulum' | 'cross' | 'station' | 'board' | 'ride' | 'goal';

/** Plays until the level is complete (or 150 s); returns the [P1, P2] masks pressed, one per tick. */
export function playFinale(world: SimWorld, onTick?: (phase: FinalePhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const blade = boxEntity(world, 1);
  const gondola = boxEntity(world, 3);
  const [trolley] = world.queries.platforms.dense;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  const walkTo = (x: number, to: number) => (x < to - 0.05 ? Button.Right : x > to + 0.6 ? Button.Left : 0);
  /** In the air: drift towards `to` without overshooting it (press against the motion near it). */
  const steer = (e: number, to: number) => {
    const dx = to - body.x[e];
    const vx = body.vx[e];
    if (Math.abs(dx) < 0.3) return vx > 0.5 ? Button.Left : vx < -0.5 ? Button.Right : 0;
    if (dx > 0) return vx < Math.min(4, 4 * dx) ? Button.Right : Button.Left;
    return vx > Math.max(-4, 4 * dx) ? Button.Left : Button.Right;
  };
  let phase = 'walk' as FinalePhase; // not narrowed: enter() changes it
  let since = 0;
  const enter = (next: FinalePhase, t: number) => { phase = next; since = t; };
  for (let t = 0; t < 60 * 150 && world.completedTick < 0; t++) {
    const x1 = body.x[a];
    const x2 = body.x[b];
    const y1 = body.y[a];
    const y2 = body.y[b];
    let p1 = 0;
    let p2 = 0;
    if (phase === 'walk') {
      // P1 runs ahead (bumping the crate aside) and anchors at the edge; P2 follows.
      p1 = x1 < EDGE_X - 0.6 ? Button.Right : Button.Anchor;
      p2 = walkTo(x2, 27.5);
      if (player.isAnchored[a] && p2 === 0) enter('lower', t);
    } else if (phase === 'lower') {
      // P2 walks off the edge, is caught by the rope level with the slab and climbs onto it.
      p1 = Button.Anchor;
      p2 = y2 < 12 ? Button.Right : Button.Left;
      if (player.isGrounded[b] && y2 > SLAB.y - 1) enter('catch', t);
    } else if (phase === 'catch') {
      // P2 anchors at the slab's end; P1 lets go and jumps off the edge, to swing on P2's anchor.
      p2 = x2 < SLAB.x1 - 0.6 || player.isAnchored[b] || t - since > 30 ? Button.Anchor : 0;
      p1 = player.isAnchored[b] && t - since > 30 ? Button.Right : Button.Anchor;
      if (!player.isGrounded[a] && y1 > 12) enter('swing', t);
    } else if (phase === 'swing') {
      // P1 pumps the swing under the slab until it flies up onto the lip.
      p2 = Button.Anchor;
      p1 = body.vx[a] >= 0 ? Button.Right : Button.Left;
      if (player.isGrounded[a] && x1 > LIP.x0 - 0.5 && y1 < LIP.y) enter('anchor', t);
    } else if (phase === 'anchor') {
      // P1 anchors on the lip; P2 lets go and swings under it.
      p1 = Button.Anchor;
      p2 = t - since < 20 ? Button.Anchor : Button.Right;
      if (t - since > 170) enter('haul', t);
    } else if (phase === 'haul') {
      // P1 walks on, hauling P2 up over the lip; both go to wait left of the pendulum.
      p1 = walkTo(x1, WAIT_X[0]);
      p2 = player.isGrounded[b] ? walkTo(x2, WAIT_X[1]) : Button.Right;
      if (p1 === 0 && p2 === 0 && player.isGrounded[b] && y2 < LIP.y) enter('pendulum', t);
    } else if (phase === 'pendulum') {
      // Go right behind the spiked box as it swings away to the right.
      const sx = body.x[blade];
      if (body.vx[blade] > 0 && sx > PIVOT_X - 2.5 && sx < PIVOT_X - 1.5) enter('cross', t);
    }
    if (phase === 'cross') {
      // Run under the pendulum, onto the plug (its rope snaps) and down the shaft into the tunnel.
      p1 = walkTo(x1, STATION_WAIT[0]);
      p2 = walkTo(x2, STATION_WAIT[1]);
      if (p1 === 0 && p2 === 0 && y1 > 24 && y2 > 24) enter('station', t);
    }
    if (phase === 'station') {
      p1 = walkTo(x1, STATION_WAIT[0]);
      p2 = walkTo(x2, STATION_WAIT[1]);
      // The trolley is coming down into the station with the gondola: jump on.
      if (body.vy[trolley] >= 0 && body.x[trolley] < STATION_X + 0.9) enter('board', t);
    }
    if (phase === 'board') {
      // Each jumps straight up from the station floor and, once above the gondola, steers onto it.
      const onGondola = (e: number) => player.groundBox[e] === gondola;
      const top = body.y[gondola] - body.halfH[gondola];
      const board = (e: number, to: number) => {
        if (onGondola(e)) return walkTo(body.x[e], to);
        if (player.isGrounded[e]) return Button.Jump;
        return body.y[e] + body.halfH[e] < top - 0.1 ? steer(e, to) | Button.Jump : Button.Jump;
      };
      p1 = board(a, body.x[gondola] + 0.5);
      p2 = board(b, body.x[gondola] - 0.5);
      if (onGondola(a) && onGondola(b)) enter('ride', t);
    }
    if (phase === 'ride') {
      // Stand still on the gondola; halfway over the pit P1 jumps for the gem floating above the
      // ride, steering to come down on the gondola again; step off onto the goal ledge when it comes
      // down there.
      const hop = gemsCollected(world) === 0 && body.x[trolley] > GEM_HOP_X;
      if (hop || !player.isGrounded[a]) p1 = player.isGrounded[a] ? Button.Jump : steer(a, body.x[gondola] + 0.5) | (hop ? Button.Jump : 0);
      if (body.x[trolley] > GOAL_LEDGE_X - 0.5) enter('goal', t);
    }
    if (phase === 'goal') {
      p1 = walkTo(x1, 97.5);
      p2 = walkTo(x2, 96.2);
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
export const play = (world: SimWorld, onTick: () => void): void => { playFinale(world, onTick); };
