// Component stores, owned by the world (never module globals) so many worlds can live in one
// process. Struct-of-arrays indexed by entity id; Float64 for everything the solver touches.

/** An axis-aligned moving body: players now, boxes later. Position is the centre. */
export interface BodyComponents {
  /** Centre, m. */
  x: Float64Array;
  y: Float64Array;
  /** Centre at the start of the current substep, m (also what the renderer interpolates from). */
  prevX: Float64Array;
  prevY: Float64Array;
  /** Centre at the end of the previous tick, m (the renderer interpolates from here). */
  lastX: Float64Array;
  lastY: Float64Array;
  /** Velocity, m/s. */
  vx: Float64Array;
  vy: Float64Array;
  /** Half extents, m. */
  halfW: Float64Array;
  halfH: Float64Array;
  /** 1 / mass, 1/kg; 0 = immovable (an anchored player). */
  invMass: Float64Array;
}

/** Per-player controller state. */
export interface PlayerComponents {
  /** 0 for player 1, 1 for player 2. */
  slot: Uint8Array;
  /** Buttons held this tick, and last tick (to derive pressed / released edges). */
  buttons: Uint8Array;
  prevButtons: Uint8Array;
  /** Buttons that went down this tick. */
  pressed: Uint8Array;
  /** 1 while standing on something. */
  isGrounded: Uint8Array;
  /** 1 while holding the anchor key on the ground: does not move, holds the partner. */
  isAnchored: Uint8Array;
  /** 1 if the tether was taut at the end of the last tick. */
  isTaut: Uint8Array;
  /** 1 from take-off until the jump's rise ends (for variable jump height). */
  isJumping: Uint8Array;
  /** Ticks of coyote time left after leaving the ground. */
  coyoteTicks: Int32Array;
  /** Ticks a buffered jump press stays valid. */
  jumpBufferTicks: Int32Array;
  /** Ticks during which one-way platforms are ignored (dropping through). */
  dropTicks: Int32Array;
  /** Gravity multiplier for this tick (jump cut). */
  gravityScale: Float64Array;
  /** Spawn point (centre), m: where a respawn puts the player. */
  spawnX: Float64Array;
  spawnY: Float64Array;
}

export function createBodyComponents(capacity: number): BodyComponents {
  return {
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    prevX: new Float64Array(capacity),
    prevY: new Float64Array(capacity),
    lastX: new Float64Array(capacity),
    lastY: new Float64Array(capacity),
    vx: new Float64Array(capacity),
    vy: new Float64Array(capacity),
    halfW: new Float64Array(capacity),
    halfH: new Float64Array(capacity),
    invMass: new Float64Array(capacity),
  };
}

export function createPlayerComponents(capacity: number): PlayerComponents {
  return {
    slot: new Uint8Array(capacity),
    buttons: new Uint8Array(capacity),
    prevButtons: new Uint8Array(capacity),
    pressed: new Uint8Array(capacity),
    isGrounded: new Uint8Array(capacity),
    isAnchored: new Uint8Array(capacity),
    isTaut: new Uint8Array(capacity),
    isJumping: new Uint8Array(capacity),
    coyoteTicks: new Int32Array(capacity),
    jumpBufferTicks: new Int32Array(capacity),
    dropTicks: new Int32Array(capacity),
    gravityScale: new Float64Array(capacity),
    spawnX: new Float64Array(capacity),
    spawnY: new Float64Array(capacity),
  };
}
