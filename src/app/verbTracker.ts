// Which of the teaching verbs the players have done during this visit to a level, read after every
// sim tick from the world's state and its events. Outside the sim on purpose: teaching never
// changes play, replays or state hashes. A verb once done stays done until the next visit (a
// respawn or a restart does not bring its prompts back).

import { Button, SimEvent, playerEntity, readEvents, type SimWorld } from '../sim';
import type { HintVerb } from '../level/levelSchema';

/** Airborne sideways speed on a taut rope under an anchored partner that counts as a swing, m/s. */
const SWING_SPEED = 2;
/** Ticks of pushing along the swing's motion (air control adds energy) that make a pump. */
const PUMP_TICKS = 30;
/** How far below the anchored partner a descending player must hang to be rappelling, m. */
const RAPPEL_DEPTH = 1.5;
/** Downward speed that counts as descending, m/s. */
const RAPPEL_SPEED = 0.5;
/** Upward speed of a hanging player that counts as being hauled, m/s. */
const HAUL_SPEED = 1;
/** Sideways speed of the partner walking away that counts as hauling, m/s. */
const HAUL_WALK_SPEED = 0.5;
/** How far below the hauler's centre the hauled one may stand once up for the haul to count, m. */
const HAULED_UP_M = 0.5;
/** Ticks standing on a moving platform that make a ride (landing on it is not yet riding). */
const RIDE_TICKS = 30;

export interface VerbTracker {
  /** The verbs done this visit. */
  readonly done: ReadonlySet<HintVerb>;
  /** Looks at `world` after one of its ticks (a new world, after a restart, is followed from its start). */
  afterTick(world: SimWorld): void;
  /** A new visit to a level: nothing is done yet (events written before now are not counted). */
  reset(): void;
}

export function createVerbTracker(): VerbTracker {
  const done = new Set<HintVerb>();
  let world: SimWorld | null = null;
  let cursor = 0;
  // Per player slot: ticks spent pushing along a swing, the swing's speed when it began, ticks
  // riding, and the crate the player last bumped this tick (0: none).
  const pumpTicks = [0, 0];
  const swingStartSpeed = [-1, -1];
  const rideTicks = [0, 0];
  const bumpedBox = [0, 0];
  // Per player slot: 1 while being hauled, until it stands again (up with the partner, or not).
  const beingHauled = [0, 0];

  const onEvent = (type: number, _tick: number, slot: number, _value: number, entity: number): void => {
    if (type === SimEvent.Footstep) done.add('walk');
    else if (type === SimEvent.Jumped) done.add('jump');
    else if (type === SimEvent.Anchored) done.add('anchor');
    else if (type === SimEvent.LedgeClimbed) done.add('climb');
    else if (type === SimEvent.Died) beingHauled.fill(0); // a respawn stands both at one level
    else if (type === SimEvent.Bumped && slot >= 0 && slot < bumpedBox.length) bumpedBox[slot] = entity;
  };

  const lookAtPlayer = (w: SimWorld, slot: number): void => {
    const { body, player, box } = w;
    const me = playerEntity(w, slot);
    const other = playerEntity(w, 1 - slot);
    const isHanging = player.isGrounded[me] === 0 && player.isAnchored[me] === 0 && player.isTaut[me] === 1;
    const isUnderAnchor = isHanging && player.isAnchored[other] === 1;

    // Bumped: a crate knocked by running or jumping into it. Landing on top of a crate fast is a
    // bump to the sim too (the same contact), but no one is taught anything by it.
    if (bumpedBox[slot] !== 0) {
      if (!(player.isGrounded[me] === 1 && player.groundBox[me] === bumpedBox[slot])) done.add('bump');
      bumpedBox[slot] = 0;
    }

    if (isUnderAnchor && Math.abs(body.vx[me]) > SWING_SPEED) done.add('swing');
    // Pumping: on a swing, holding the direction the player moves in, and the swing got faster.
    if (isUnderAnchor) {
      const speed = Math.hypot(body.vx[me], body.vy[me]);
      if (swingStartSpeed[slot] < 0) swingStartSpeed[slot] = speed;
      const held = player.buttons[me];
      const isPushingAlong = (body.vx[me] > 0.5 && (held & Button.Right) !== 0) || (body.vx[me] < -0.5 && (held & Button.Left) !== 0);
      if (isPushingAlong) pumpTicks[slot]++;
      if (pumpTicks[slot] >= PUMP_TICKS && speed > swingStartSpeed[slot]) done.add('pump');
    } else {
      swingStartSpeed[slot] = -1;
      pumpTicks[slot] = 0;
    }
    if (isUnderAnchor && body.vy[me] > RAPPEL_SPEED && body.y[me] - body.y[other] > RAPPEL_DEPTH) done.add('rappel');
    // Hauled: hanging, rising without a jump of its own, while the partner walks away from it on
    // the ground above. (An anchored partner is not hauling: rising then is a swing's upswing.)
    // It counts once the hauled one stands up there: a playtester's first haul slid back into the
    // pit, and a prompt gone at its first tug would have left them with nothing to go on.
    const awayX = body.x[other] - body.x[me];
    const isWalkingAway = player.isGrounded[other] === 1 && player.isAnchored[other] === 0 && body.vx[other] * awayX > 0 &&
      Math.abs(body.vx[other]) > HAUL_WALK_SPEED;
    if (isHanging && isWalkingAway && player.isJumping[me] === 0 && body.vy[me] < -HAUL_SPEED && body.y[other] < body.y[me]) {
      beingHauled[slot] = 1;
    }
    // The death pause ends in a respawn that stands both players at one level: no haul in it.
    if (w.rules.dyingTicks[0] > 0) beingHauled[slot] = 0;
    if (beingHauled[slot] === 1 && player.isGrounded[me] === 1) {
      if (body.y[me] <= body.y[other] + HAULED_UP_M) done.add('haul');
      beingHauled[slot] = 0;
    }

    const ground = player.groundBox[me];
    const isRiding = player.isGrounded[me] === 1 && ground !== 0 && box.isPlatform[ground] === 1;
    rideTicks[slot] = isRiding ? rideTicks[slot] + 1 : 0;
    if (rideTicks[slot] >= RIDE_TICKS) done.add('ride');
  };

  const forgetMoves = (): void => {
    pumpTicks.fill(0);
    swingStartSpeed.fill(-1);
    rideTicks.fill(0);
    bumpedBox.fill(0);
    beingHauled.fill(0);
  };

  return {
    done,
    afterTick(w) {
      // A new world (a restart) is read from its first event; the verbs done so far stay done.
      if (w !== world) {
        world = w;
        cursor = 0;
        forgetMoves();
      }
      cursor = readEvents(w.events, cursor, onEvent);
      // During the death pause the players' state is the dead one's last: nothing is learnt from it.
      if (w.rules.dyingTicks[0] > 0) return;
      lookAtPlayer(w, 0);
      lookAtPlayer(w, 1);
    },
    reset() {
      // The world and the event cursor stay: events already read must not count for the new visit.
      done.clear();
      forgetMoves();
    },
  };
}
