// Bookkeeping for the sound cue events (Footstep, BoxHitWall, RopeCreak). It is not game state: it
// only decides when to report something, so it stays out of stateArrays (hash, snapshots and
// replays are unchanged by it) and a level reset leaves it alone.

/** Per-entity arrays for the cue systems, indexed by entity id (sized like the components). */
export interface CueState {
  /** Distance a grounded player has run since its last footstep, m (0 while airborne). */
  stepDistance: Float64Array;
  /** A box's velocity just before this tick's physics, m/s (boxImpactSampleSystem writes it). */
  boxVx: Float64Array;
  boxVy: Float64Array;
  /** Ticks until rope r may creak again (0 = it may). */
  creakTicks: Uint8Array;
}

export function createCueState(capacity: number): CueState {
  return {
    stepDistance: new Float64Array(capacity),
    boxVx: new Float64Array(capacity),
    boxVy: new Float64Array(capacity),
    creakTicks: new Uint8Array(capacity),
  };
}
