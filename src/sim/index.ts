// The sim's public face: what the other layers import.
export { DT, TICK_HZ, PLAYER_COUNT } from './constants';
export { Button, BUTTON_MASK_ALL, type ButtonMask } from './input';
export { SimEvent, readEvents, type EventRing, type SimEventType } from './events';
export { Tile, createTileGrid, tileAt, type TileGrid } from './tileGrid';
export { defaultPhysicsSettings, type PhysicsSettings } from './settings';
export { createSimWorld, placePlayersAtSpawns, type SimWorld, type WorldDef, type Rect } from './world';
export { step, systems } from './step';
export { hashWorld, hashHex } from './hash';
export { bodyOverlapsSolid, rectOverlapsSolid } from './physics/moveBody';
