// The substep pipeline (PHYSICS.md #2: n substeps of one iteration beat n iterations): the whole
// order of one substep, one line per stage with its reason. physicsSystem runs it `substeps` times
// a tick; the names label the per-stage times of `npm run tick-cost` and the F3 overlay.

import { bounceContacts, collidePlayersWithBoxes } from './playerBox';
import { integrateBoxes, updateBoxVelocities } from './boxes';
import { holdBoxesUnderPlayers, levelBoxesUnderPlayers } from './boxesUnderPlayers';
import { collideBoxes } from './boxBoxes';
import { movePlayers, updatePlayerVelocities } from './movePlayers';
import { integrateRopes, shapeRopes, solveRopeLengths } from './ropeStages';
import { wrapRopes } from './ropeWraps';
import type { SimWorld } from '../worldState';

export interface SubstepStage {
  name: string;
  run: (world: SimWorld) => void;
  /** Only moves boxes or works on their contacts: skipped in a world with no box (physicsSystem). */
  boxesOnly?: true;
}

export const substepStages: readonly SubstepStage[] = [
  { name: 'players', run: movePlayers },                 // gravity, then through the tiles: bodies lead, ropes follow
  { name: 'boxes', run: integrateBoxes, boxesOnly: true }, // free flight of rigid bodies: gravity, drag, move and turn
  { name: 'ropeParticles', run: integrateRopes },        // reeling, Verlet prediction of free particles
  { name: 'ropeWraps', run: wrapRopes },                 // ropes catch on and leave tile corners as their ends move
  { name: 'ropeLengths', run: solveRopeLengths },        // end-to-end lengths, tether first: carry loads between bodies
  { name: 'boxContacts', run: collideBoxes, boxesOnly: true }, // boxes out of each other (momentum shared) and out of the tiles, with friction
  { name: 'playerBoxes', run: collidePlayersWithBoxes, boxesOnly: true }, // players against boxes, after the ropes pulled
  { name: 'boxesUnderPlayers', run: levelBoxesUnderPlayers, boxesOnly: true }, // a crate stood on meets the stone again, level
  { name: 'ropeShapes', run: shapeRopes },               // per rope: pin, LRA, chain, collide, chain back
  { name: 'boxesUnderPlayersHeld', run: holdBoxesUnderPlayers, boxesOnly: true }, // and its friction against the ropes' pushes
  { name: 'playerVelocities', run: updatePlayerVelocities }, // velocity = displacement / h
  { name: 'boxVelocities', run: updateBoxVelocities, boxesOnly: true }, // the same for boxes, and their spin
  { name: 'bounces', run: bounceContacts, boxesOnly: true }, // restitution of player-box bumps, riding a box
];
