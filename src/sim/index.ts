// The sim's public face: what the other layers import.
export { DT, TICK_HZ, PLAYER_COUNT } from './constants';
export { Button, BUTTON_MASK_ALL, type ButtonMask } from './input';
export { DeathCause, SimEvent, readEvents, type EventRing, type SimEventType } from './events';
export { SPIKE_HEIGHT, Tile, createTileGrid, tileAt, type TileGrid } from './tileGrid';
export { DEATH_TICKS } from './systems/respawnSystem';
export { defaultPhysicsSettings, type PhysicsSettings } from './settings';
export {
  createSimWorld, resetLevel, layOutFromEnds,
  type SimWorld, type WorldDef, type Rect, type RopeDef, type RopeEndDef, type BoxDef, type AnchorDef,
  type PlatformDef, type CheckpointDef,
} from './world';
export { EndKind } from './ropePool';
export { step, systems } from './step';
export { hashWorld, hashHex } from './hash';
export { captureState, restoreState, type StateSnapshot } from './snapshot';
export { applyImpulse } from './physics/playerBox';
export { applyParticleImpulse } from './physics/impulse';
export { reelRope } from './physics/reelRope';
export { endPosition } from './physics/ropeEnds';
export { ropeMaxStretch } from './physics/solveRope';
export { bodyOverlapsSolid, rectOverlapsSolid } from './physics/moveBody';
export { sinCos } from './math';
