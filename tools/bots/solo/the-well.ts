// Solo through "The Well" (levels/04-the-well.json), the pair's plan one character at a time: P2
// anchors at the well's lip and the switch leaves it latched; P1 takes a running jump in (the gem),
// hangs under the first ledge and climbs onto it, anchors; the switch back lets go of P2's latch
// and P2 walks off, falls past P1 and climbs onto the second ledge, anchors; and so on to the third
// ledge. From the second ledge P2 walks off and swings over into the far tunnel, anchors at its lip;
// P1 walks off the third ledge and hangs under it; P2 hauls it up to the lip and anchors while P1
// climbs over, and both walk to the grotto.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { FAR, FAR_X, JUT, JUT_X, LEDGES, NEAR, NEAR_X, STONES, TOP, TUNNEL } from '../the-well';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const on = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.05;
  const zones = STONES.map(([lo, hi]) => [lo - 0.2, hi] as const);
  /** The controlled character walks off the near lip at `from` (a running jump when `jump`), lets
   *  the swing die down against the near wall (or the third ledge's jutting floor) and climbs onto
   *  the ledge at `to`. */
  const dropAndClimb = (from: number, to: number, jump = false): Move => {
    const wall = to === LEDGES[2] ? JUT : NEAR;
    let settled = 0;
    return m.until(() => {
      const e = solo.me;
      if (feet(e) < from + 1) return Button.Right | (jump && body.x[e] > NEAR - 0.6 ? Button.Jump : 0);
      const still = Math.abs(body.vx[e]) < 0.3 && Math.abs(body.vy[e]) < 0.3 && body.x[e] < wall + 0.6;
      if (still) settled++;
      if (settled > 20) return Button.Left; // climb
      return body.vx[e] > 0.5 ? Button.Left : body.vx[e] < -0.5 ? Button.Right : 0;
    }, () => on(solo.me, to));
  };
  const [a, b] = [m.entity(P1), m.entity(P2)];
  let hung = 0;
  const moves: Move[] = [
    // Leapfrog over the stones (the tether is 8 m); P2 anchors at the lip, P1 3 m behind it.
    ...m.go(P2, 9, zones), ...m.go(P1, NEAR_X - 3, zones), ...m.go(P2, NEAR_X, zones, 0.08), m.anchor(), m.control(P1),
    // P1 jumps in, swings past the gem and climbs onto the first ledge; anchors at its lip.
    dropAndClimb(TOP, LEDGES[0], true), m.walkTo(NEAR_X, [], 0.08), m.anchor(),
    // P2 (let go by the switch) drops past P1 onto the second ledge, anchors there.
    m.control(P2), dropAndClimb(TOP, LEDGES[1]), m.walkTo(NEAR_X, [], 0.08), m.anchor(),
    // P1 drops past P2 onto the third ledge (its floor juts 1 m into the well), anchors at its tip.
    m.control(P1), dropAndClimb(LEDGES[0], LEDGES[2]), m.walkTo(JUT_X, [], 0.08), m.anchor(),
    // P2 walks off the second ledge and swings over into the far tunnel (pumping if it falls short).
    m.control(P2),
    m.until(() => (feet(b) < LEDGES[1] + 1 || body.vx[b] > 0 ? Button.Right : 0), () => on(b, TUNNEL) && body.x[b] > FAR),
    m.walkTo(FAR_X, [], 0.08), m.anchor(),
    // P1 walks off the third ledge and hangs under the tunnel's lip.
    m.control(P1),
    m.until(() => (feet(a) < LEDGES[2] + 1 ? Button.Right : 0), () => feet(a) > TUNNEL + 4 && Math.abs(body.vx[a]) < 0.3 && Math.abs(body.vy[a]) < 0.3 && ++hung > 30),
    // P2 (let go) walks into the tunnel hauling P1 up to the lip, anchors; P1 climbs over.
    m.control(P2),
    m.until(() => Button.Right, () => feet(a) < TUNNEL + 1.3),
    m.anchor(), m.control(P1),
    m.until(() => Button.Right, () => on(a, TUNNEL)),
    ...m.go(P1, 36), ...m.go(P2, 37.5),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
