// Rope and particle components. Every rope particle is an entity; a rope's particles are one
// contiguous run of entity ids reserved when the world is built (room for reeling out, and for the
// far half when it snaps), so the solver walks the particle arrays as a plain index range in a
// fixed order: as fast and deterministic as a separate pool. Rejected: links between particles as
// bitECS relations (~10x slower, and their order is not the rope's).

/** Rope particles (Verlet): positions now and at the start of the substep. */
export interface ParticleComponent {
  /** Position, m, and position at the start of the substep (Verlet), m. */
  x: Float64Array;
  y: Float64Array;
  prevX: Float64Array;
  prevY: Float64Array;
  /** 1 / mass, 1/kg; 0 for a particle tied to a body (the body carries it). */
  invMass: Float64Array;
  /** Rest length of the segment from this particle to the next one in its rope, m. */
  rest: Float64Array;
  /** XPBD multiplier of that segment within the current substep (scratch, reset every substep). */
  lambda: Float64Array;
  /** Position at the end of the previous tick, m (for interpolated drawing). */
  drawX: Float64Array;
  drawY: Float64Array;
  /**
   * x, y, drawX and drawY as one array, in that order, each `capacity` long (they are views of
   * it), so the tick's copy of the positions into the draw positions is two copyWithin calls, not a
   * loop (keepDrawPoses). Not enumerable: snapshots and the hash walk the four arrays, not this.
   */
  readonly xyDraw: Float64Array;
}

/**
 * One rope: its particle range, lengths, material and what its ends are tied to. An end is tied to
 * a body (a player, a box, a platform, an anchor or the level's ground) at a point fixed in that
 * body's frame, or is free (body 0: its particle moves on its own, as after a snap).
 */
export interface RopeComponent {
  /** 1 while the rope takes part in the simulation (a spare half waiting for a snap is 0). */
  isActive: Uint8Array;
  /** First particle entity, particles in use (segments + 1) and particles reserved. */
  first: Uint32Array;
  count: Uint32Array;
  capacity: Uint32Array;
  /** Rest length of the whole rope, m (the sum of its segments' rest lengths). */
  length: Float64Array;
  /** Segment length the rope was built with, m (reeling adds or removes particles around it). */
  nominalSegment: Float64Array;
  /** Compliance of the whole rope, m/N (0 = inextensible; a 1 N pull stretches it this much). */
  compliance: Float64Array;
  /** Tick-averaged tension above which the rope snaps, N (0 = never). */
  breakTension: Float64Array;
  /** Tension during the last tick, N (end-to-end impulse / tick length). */
  tension: Float64Array;
  /** Impulse carried during the current tick, N s (summed over substeps). */
  impulse: Float64Array;
  /** Rope entity that becomes the far half when this rope snaps (0 = none, or already snapped). */
  spare: Uint32Array;
  /** For a spare half: the rope it is the far half of (set when built, never changes); 0 otherwise. */
  halfOf: Uint32Array;
  /** Reeling: target rest length, m, and speed, m/s (0 = not reeling). Changes happen at end A. */
  reelTarget: Float64Array;
  reelSpeed: Float64Array;
  /** Reeling: the winch's current signed rate, m/s (> 0 lets rope out). It ramps up and down. */
  reelRate: Float64Array;
  /** Body end A is tied to (0 = free) and the tie point in that body's frame, m. */
  bodyA: Uint32Array;
  localAX: Float64Array;
  localAY: Float64Array;
  /** The same for end B. */
  bodyB: Uint32Array;
  localBX: Float64Array;
  localBY: Float64Array;
}

/** Most tile corners one rope can bend around at once. */
export const MAX_WRAPS = 8;

/**
 * Where each rope tied at both ends bends around tile corners (ropeWraps.ts): its path runs from end
 * A through pivots 0..count-1 to end B. Plain world state (snapshot and hash), not a bitECS
 * component: a rope's pivots sit at r * MAX_WRAPS + k, not at the rope's entity index.
 */
export interface WrapState {
  /** Pivots in use per rope entity. */
  count: Uint8Array;
  /** Pivot k of rope r at index r * MAX_WRAPS + k: a convex corner of the solid tiles, m. */
  x: Float64Array;
  y: Float64Array;
  /** The way the path turns at that pivot (sign of the cross product of its two spans): +1 or -1. */
  turn: Int8Array;
  /** Rope between end A and the first pivot, m: where the rope sits on its corners (it slides
   *  freely without friction; with friction it sticks until the capstan limit, ropeLength.ts). */
  spanA: Float64Array;
  /** Where the rope's ends were when its wraps were last brought up to date, m: the next update
   *  sweeps from there, so an end moved between substeps (a ledge climb, a test) is swept too. */
  fromAX: Float64Array;
  fromAY: Float64Array;
  fromBX: Float64Array;
  fromBY: Float64Array;
}

export function createWrapState(capacity: number): WrapState {
  const f = () => new Float64Array(capacity);
  return {
    count: new Uint8Array(capacity),
    x: new Float64Array(capacity * MAX_WRAPS),
    y: new Float64Array(capacity * MAX_WRAPS),
    turn: new Int8Array(capacity * MAX_WRAPS),
    spanA: f(),
    fromAX: f(), fromAY: f(), fromBX: f(), fromBY: f(),
  };
}

export function createParticleComponent(capacity: number): ParticleComponent {
  const f = () => new Float64Array(capacity);
  const xyDraw = new Float64Array(4 * capacity);
  const view = (k: number) => xyDraw.subarray(k * capacity, (k + 1) * capacity);
  const component = {
    x: view(0), y: view(1), prevX: f(), prevY: f(), invMass: f(), rest: f(), lambda: f(), drawX: view(2), drawY: view(3),
  } as ParticleComponent;
  Object.defineProperty(component, 'xyDraw', { value: xyDraw, enumerable: false });
  return component;
}

export function createRopeComponent(capacity: number): RopeComponent {
  const f = () => new Float64Array(capacity);
  const u32 = () => new Uint32Array(capacity);
  const u8 = () => new Uint8Array(capacity);
  return {
    isActive: u8(), first: u32(), count: u32(), capacity: u32(),
    length: f(), nominalSegment: f(), compliance: f(), breakTension: f(), tension: f(), impulse: f(),
    spare: u32(), halfOf: u32(), reelTarget: f(), reelSpeed: f(), reelRate: f(),
    bodyA: u32(), localAX: f(), localAY: f(),
    bodyB: u32(), localBX: f(), localBY: f(),
  };
}
