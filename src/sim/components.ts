// The entity components: struct-of-arrays stores owned by the world (never module globals, so many
// worlds live in one process), indexed by entity id and registered with bitECS as the components
// themselves (`addComponent(world, eid, world.body)`), so systems find their entities with queries.
// Float64 for everything the solver touches; Uint32 for entity references, 0 meaning none.
// Rope and particle components are in ropeComponents.ts.

/**
 * Every rigid thing: players (axis-aligned, never turn), boxes (turn), moving platforms
 * (kinematic), anchors and the level's ground (static: 1/m = 0, never move on their own; a rope end
 * is always tied to a body, so the solver never asks what it is tied to). Position is the centre.
 * Orientation is the unit vector (cos, sin) of the angle, so the sim never calls Math.sin / cos
 * (engines differ in their last bits; DESIGN.md section 4).
 */
export interface BodyComponent {
  /** Centre, m. */
  x: Float64Array;
  y: Float64Array;
  /** Centre at the start of the current substep, m. */
  prevX: Float64Array;
  prevY: Float64Array;
  /** Centre at the end of the previous tick, m (the renderer interpolates from here). */
  lastX: Float64Array;
  lastY: Float64Array;
  /** Velocity, m/s. */
  vx: Float64Array;
  vy: Float64Array;
  /** Half extents, m (in the body's own frame for a turned box; 0 for anchors and the ground). */
  halfW: Float64Array;
  halfH: Float64Array;
  /** 1 / mass, 1/kg; 0 = immovable (an anchored player, a platform, an anchor, the ground). */
  invMass: Float64Array;
  /** Orientation: cos and sin of the angle (y down, so a positive angle turns clockwise on screen). */
  rotC: Float64Array;
  rotS: Float64Array;
  /** Orientation at the start of the substep and at the end of the previous tick. */
  prevRotC: Float64Array;
  prevRotS: Float64Array;
  lastRotC: Float64Array;
  lastRotS: Float64Array;
  /** Angular velocity, rad/s. */
  omega: Float64Array;
  /** 1 / moment of inertia about the centre, 1/(kg m^2); 0 = does not turn (players, static bodies). */
  invInertia: Float64Array;
}

/** Per-player controller state. */
export interface PlayerComponent {
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
  /** Box this player stood on during the last substep (0 = none), and that box's surface velocity there, m/s. */
  groundBox: Uint32Array;
  groundVx: Float64Array;
  groundVy: Float64Array;
  /** Spiked box this player touched this tick (0 = none). */
  hurtBy: Uint32Array;
  /** Moving platform that pressed this player into a solid tile this tick (0 = none). */
  crushedBy: Uint32Array;
  /** 1 after the anchor was torn loose (see inputSystem): it holds again only on a new press. */
  anchorGaveWay: Uint8Array;
  /**
   * Buttons held since before the last respawn, ignored until let go (see inputSystem): a key held
   * in the panic of a death must not walk the player straight back into the hazard, nor count as
   * a fresh jump press on the first tick.
   */
  heldThroughDeath: Uint8Array;
}

/** Boxes players and ropes collide with: crates (dynamic rigid bodies) and moving platforms. */
export interface BoxComponent {
  /** 1 if touching it kills a player. */
  isSpiked: Uint8Array;
  /** 1 for a moving platform: kinematic (1/m = 0), driven along its path, no gravity, no tiles. */
  isPlatform: Uint8Array;
}

/**
 * Moving platforms follow a polyline of their centre's positions (points in world.paths) at a
 * constant speed. The state is where along it they are: segment, distance into it, direction.
 */
export interface PlatformComponent {
  /** First point in world.paths and number of points. */
  pathFirst: Uint32Array;
  pathCount: Uint32Array;
  /** m/s along the path. */
  speed: Float64Array;
  /** 1: after the last point go on to the first; 0: turn back at either end (ping-pong). */
  isLoop: Uint8Array;
  /** Current segment (from point k to point k + 1, or last to first when looping). */
  segment: Int32Array;
  /** Distance travelled into the current segment, m. */
  along: Float64Array;
  /** +1 forwards along the path, -1 back (ping-pong only). */
  direction: Int8Array;
  /** Ticks it stands still at each end of its path (ping-pong) or at its first point (loop). */
  waitTicks: Uint32Array;
  /** Ticks it still stands still at the end it reached (0: moving). */
  waitLeft: Uint32Array;
}

/**
 * Anchors: level points ropes hang from. Each is a static body (its place is the body's centre); one
 * riding a moving platform follows it, and ropes tied to it are tied to the platform itself.
 */
export interface AnchorComponent {
  /** The platform (body entity) the anchor rides, or 0 for a fixed anchor. */
  platform: Uint32Array;
  /** Offset from the platform's centre, m (platforms never turn). */
  offsetX: Float64Array;
  offsetY: Float64Array;
}

/** The rules' own state (one of each, so arrays of length 1: snapshots and the hash cover them). */
export interface RulesState {
  /** Index of the last checkpoint either player reached, -1 = none (respawn at the spawns). */
  checkpoint: Int32Array;
  /** Deaths since the level was built. */
  deaths: Uint32Array;
  /** Ticks left of the death pause (> 0: a player died, inputs are ignored, then everyone respawns). */
  dyingTicks: Uint32Array;
  /** Who died last (player slot). */
  deadSlot: Uint8Array;
  /** The gems collected, bit k for the level's gem k (kept through deaths, like the checkpoint). */
  gems: Uint32Array;
}

export function createBodyComponent(capacity: number): BodyComponent {
  const f = () => new Float64Array(capacity);
  return {
    x: f(), y: f(), prevX: f(), prevY: f(), lastX: f(), lastY: f(), vx: f(), vy: f(),
    halfW: f(), halfH: f(), invMass: f(),
    rotC: f(), rotS: f(), prevRotC: f(), prevRotS: f(), lastRotC: f(), lastRotS: f(),
    omega: f(), invInertia: f(),
  };
}

export function createPlayerComponent(capacity: number): PlayerComponent {
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
    groundBox: new Uint32Array(capacity),
    groundVx: new Float64Array(capacity),
    groundVy: new Float64Array(capacity),
    hurtBy: new Uint32Array(capacity),
    crushedBy: new Uint32Array(capacity),
    anchorGaveWay: new Uint8Array(capacity),
    heldThroughDeath: new Uint8Array(capacity),
  };
}

export function createBoxComponent(capacity: number): BoxComponent {
  return { isSpiked: new Uint8Array(capacity), isPlatform: new Uint8Array(capacity) };
}

export function createPlatformComponent(capacity: number): PlatformComponent {
  return {
    pathFirst: new Uint32Array(capacity), pathCount: new Uint32Array(capacity), speed: new Float64Array(capacity),
    isLoop: new Uint8Array(capacity), segment: new Int32Array(capacity), along: new Float64Array(capacity),
    direction: new Int8Array(capacity), waitTicks: new Uint32Array(capacity), waitLeft: new Uint32Array(capacity),
  };
}

export function createAnchorComponent(capacity: number): AnchorComponent {
  return { platform: new Uint32Array(capacity), offsetX: new Float64Array(capacity), offsetY: new Float64Array(capacity) };
}

export function createRulesState(): RulesState {
  return {
    checkpoint: new Int32Array([-1]), deaths: new Uint32Array(1), dyingTicks: new Uint32Array(1), deadSlot: new Uint8Array(1),
    gems: new Uint32Array(1),
  };
}
