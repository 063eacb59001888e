// The sim's public face: what the other layers import (a test in tests/unit/layers.test.ts keeps
// code outside src/sim from reaching past it).
export { DT, GEM_RADIUS, MAX_GEMS, TICK_HZ, PLAYER_COUNT } from './constants';
export { Button, BUTTON_MASK_ALL, type ButtonMask } from './input';
export { DeathCause, SimEvent, readEvents, type EventRing, type SimEventType } from './events';
export { SPIKE_HEIGHT, SPIKE_TOUCH, Tile, createTileGrid, isConvexCorner, rectTouchesSpikes, tileAt, type TileGrid } from './tileGrid';
export { DEATH_TICKS } from './systems/respawnSystem';
export { gemsCollected } from './systems/gemSystem';
export { STRIDE } from './systems/footstepSystem';
export { MIN_IMPACT_SPEED } from './systems/boxImpactSystem';
export { CREAK_GAP_TICKS, CREAK_SPEED } from './systems/ropeCreakSystem';
export { defaultPhysicsSettings, resolvePhysicsSettings, type PhysicsSettings } from './settings';
export type {
  WorldDef, Rect, RopeDef, RopeEndDef, BoxDef, AnchorDef, PlatformDef, CheckpointDef, GemDef,
} from './worldDef';
export type { SimWorld, SimState, SimQueries, StateSnapshot, StageProfiler } from './worldState';
export { createSimWorld } from './createWorld';
export { resetLevel } from './resetLevel';
export { layOutFromEnds, layOutRope } from './layOutRope';
export {
  anchorEntity, boxEntity, crateCount, isPlayerEntity, levelRopes, platformEntity, playerEntity, ropeEntity,
} from './entities';
export { step, systems, type SimSystem } from './step';
export { substepStages, type SubstepStage } from './physics/substepStages';
export { createStageProfiler, resetStageProfiler, stageTimesPerTick } from './profiler';
export { hashWorld, hashHex } from './hash';
export { captureState, restoreState } from './snapshot';
export { applyImpulse } from './physics/playerBox';
export { outlinePointCount } from './physics/boxes';
export { applyParticleImpulse } from './physics/impulse';
export { reelRope } from './physics/reelRope';
export { endBody, endPosition, type EndPosition } from './physics/ropeEnds';
export { ropeMaxStretch, worldMaxStretch } from './physics/solveRope';
export { HEAVY_ROPE_SHARE, isHeavyRope } from './physics/ropeMass';
export { PARTICLE_RADIUS } from './physics/collideRope';
export { bodyOverlapsSolid, rectOverlapsSolid } from './physics/moveBody';
export { sinCos } from './math';
export { MAX_WRAPS } from './ropeComponents';
export { ropePathLength } from './physics/ropeWraps';
export { traceRopePolyline, type RopePolyline } from './physics/ropePolyline';
