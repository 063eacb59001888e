// Solo through "The Broken Stair" (levels/07-broken-stair.json), the pair's plan one character at a
// time, storey by storey: the follower jumps up onto the perch plank, walks to its end and anchors
// (the switch leaves it latched); the leader walks off the floor's edge and pumps the swing until it
// lands on the planks across the chasm, and anchors at their near end; the switch back lets go of
// the follower's latch: it walks off the perch and hangs under the planks; switch to the leader (its
// latch lets go), which walks on, hauling the follower up through the planks; then each jumps the two
// steps to the next floor. The one hauled up leads the next storey, as in the pair bot.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { STOREYS, GOAL_X } from '../broken-stair';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const standsAt = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.05;
  const moves: Move[] = [];
  STOREYS.forEach((s, k) => {
    const lead = k % 2; // slot: P1 leads storey 0, then the roles swap
    const follow = 1 - lead;
    const [l, f] = [m.entity(lead), m.entity(follow)];
    const plankY = s.floor - 2;
    let isSwinging = false;
    let hangTicks = 0;
    moves.push(
      // Leapfrog to the chasm; the follower stops under the perch and jumps straight up onto it.
      ...m.go(follow, s.chasm - 4), ...m.go(lead, s.chasm - 0.5), ...m.go(follow, s.chasm - 1.3),
      m.hold(Button.Jump, 20), m.until(() => 0, () => standsAt(f, plankY)),
      m.walkTo(s.chasm + 0.45, [], 0.1), m.anchor(),
      // The leader walks off the edge and pumps with the swing until it lands on the planks.
      m.control(lead),
      m.until(() => {
        if (!isSwinging && body.x[l] < s.chasm + 0.4) return Button.Right;
        isSwinging = true;
        return body.vx[l] >= 0 ? Button.Right : Button.Left;
      }, () => standsAt(l, s.floor) && body.x[l] > s.land),
      m.walkTo(s.land + 0.5, [], 0.1), m.anchor(),
      // The follower (its latch let go by the switch) walks off the perch and hangs under the planks.
      m.control(follow),
      m.until(() => (body.x[f] < s.chasm + 2 && feet(f) <= plankY + 0.01 ? Button.Right : 0),
        () => feet(f) > s.floor + 2 && Math.abs(body.vy[f]) < 0.5 && ++hangTicks > 60),
      // The leader walks on, hauling the follower up to the floor's edge, and anchors; the follower
      // presses on and pulls itself over the edge.
      m.control(lead),
      m.until(() => Button.Right, () => feet(f) < s.floor + 1.2),
      m.anchor(), m.control(follow),
      m.until(() => Button.Right, () => standsAt(f, s.floor) && body.x[f] > s.land),
      // Up the two steps, leapfrogging (the rope will not let one climb far ahead of the other).
      ...m.go(follow, s.step - 1.5), ...m.go(lead, s.step + 1, [[s.step - 1.3, s.step]]),
      ...m.go(follow, s.step + 0.5, [[s.step - 1.3, s.step]]), ...m.go(lead, s.step + 3.5, [[s.step + 0.7, s.step + 2]]),
      ...m.go(follow, s.step + 2.5, [[s.step + 0.7, s.step + 2]]),
    );
  });
  moves.push(...m.go(0, GOAL_X), ...m.go(1, GOAL_X - 1));
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
