// Tunable physics and movement settings with their defaults. A level may override any of them.
// Game gravity is far above 9.81 m/s^2 on purpose: platformers feel floaty at real gravity.

/** Every number the sim's movement and rope physics use, with its unit. */
export interface PhysicsSettings {
  /** Downward acceleration, m/s^2. */
  gravity: number;
  /** Solver substeps per 60 Hz tick (XPBD: substeps beat iterations). */
  substeps: number;
  /** Terminal fall speed from gravity alone, m/s. */
  maxFallSpeed: number;
  /** Top running speed on the ground, m/s. */
  runSpeed: number;
  /** Running acceleration on the ground, m/s^2. Above gravity so a player can haul a hanging partner. */
  groundAccel: number;
  /** Braking with no input on the ground, m/s^2. */
  groundBrake: number;
  /** Braking while the tether pulls this player: a taut rope pulls you off balance, m/s^2. */
  tautBrake: number;
  /** Speed lost per second when landing faster than runSpeed (keeps swing momentum), m/s^2. */
  overSpeedDecel: number;
  /** Air control toward runSpeed while the tether is slack, m/s^2. */
  airAccel: number;
  /** Horizontal push while hanging on a taut tether (pumping the swing), m/s^2. */
  pumpAccel: number;
  /** Speed cap while swinging, m/s. */
  maxSwingSpeed: number;
  /** Jump take-off speed, m/s (apex height = jumpSpeed^2 / (2 gravity)). */
  jumpSpeed: number;
  /** Gravity multiplier while rising with the jump button released (variable jump height). */
  jumpCutGravityScale: number;
  /** Ticks after leaving a ledge during which a jump still works (coyote time). */
  coyoteTicks: number;
  /** Ticks a jump press is remembered before landing (jump buffering). */
  jumpBufferTicks: number;
  /** Ticks a player ignores one-way platforms after pressing down on one. */
  dropThroughTicks: number;
  /** Player half width and half height, m. */
  playerHalfWidth: number;
  playerHalfHeight: number;
  /** Player mass, kg. */
  playerMass: number;
  /** Mass of one rope particle, kg (about 1000x lighter than a player). */
  ropeParticleMass: number;
  /** Rope velocity damping, 1/s (0 = none). */
  ropeDamping: number;
  /** Rope-on-tile friction: fraction of sliding motion removed per contact substep (0..1). */
  ropeFriction: number;
  /** Ropes bend around the corners of solid tiles (ropeWraps.ts) instead of passing through them
   *  when taut. Off by default until every campaign level is re-made for it (issue 14). */
  ropeWrap: boolean;
  /** Friction between a rope and the tile corners it bends around (Coulomb mu of the capstan
   *  equation: the rope holds up to e^(mu theta) times the pull on its other side); 0 = a pulley. */
  edgeFriction: number;
  /** Largest distance a rope particle may move in one substep, m (guards against blow-ups). */
  maxParticleStep: number;
  /** Air drag on boxes and rope particles, 1/s (0 = none: a pendulum swings forever). */
  airDrag: number;
  /** Box-on-tile friction coefficient (static and sliding). */
  boxFriction: number;
  /** How much of the closing speed a player-box bump gives back (0 = the two move on together). */
  bumpRestitution: number;
  /** Largest distance a box may move in one substep, m (keeps boxes from tunnelling). */
  maxBodyStep: number;
}

/**
 * The defaults with a level's overrides written over them. Every world's settings so come from one
 * object literal, keys in one order: spread (`{ ...defaults, ...overrides }`) built objects of a new
 * hidden class for each order and set of keys the overrides had, and the first worlds of a process
 * each got another one (V8's object cloning settling), so the sim's hot loops, which read the
 * settings every substep, were thrown out of optimized code by "wrong map" and made polymorphic: a
 * bench of 200 ropes ran 1.2 or 1.8 us a rope a tick depending on what had been built before it.
 * A key a PhysicsSettings has not, or an override left undefined, is ignored.
 */
export function resolvePhysicsSettings(overrides: Partial<PhysicsSettings> | undefined): PhysicsSettings {
  const settings = defaultPhysicsSettings();
  if (overrides === undefined) return settings;
  const out = settings as unknown as Record<string, unknown>;
  for (const key of Object.keys(overrides)) {
    const value = (overrides as Record<string, unknown>)[key];
    if (value !== undefined && Object.prototype.hasOwnProperty.call(out, key)) out[key] = value;
  }
  return settings;
}

/** Defaults: ~2.5 m jump, 7 m/s run, 8 substeps. */
export function defaultPhysicsSettings(): PhysicsSettings {
  return {
    gravity: 40,
    substeps: 8,
    maxFallSpeed: 24,
    runSpeed: 7,
    groundAccel: 70,
    groundBrake: 90,
    tautBrake: 20,
    overSpeedDecel: 12,
    airAccel: 40,
    pumpAccel: 16,
    maxSwingSpeed: 20,
    jumpSpeed: Math.sqrt(2 * 40 * 2.5),
    jumpCutGravityScale: 3,
    coyoteTicks: 6,
    jumpBufferTicks: 6,
    dropThroughTicks: 15,
    playerHalfWidth: 0.35,
    playerHalfHeight: 0.7,
    playerMass: 70,
    ropeParticleMass: 0.07,
    ropeDamping: 0.5,
    ropeFriction: 0.6,
    ropeWrap: false,
    edgeFriction: 0,
    maxParticleStep: 0.3,
    airDrag: 0,
    boxFriction: 0.6,
    bumpRestitution: 0.3,
    maxBodyStep: 0.3,
  };
}
