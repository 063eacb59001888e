// The hands of a solo bot: one player's buttons and the switch key, fed through solo mode's own
// mapping (createSoloControl().apply, as the game does each sample) into the sim, one tick at a
// time, keeping what was pressed so tools/makeReplay.ts can write it as a solo replay.
// The bots read the sim's state between ticks (closed loop), like the pair bots beside them.
import { createSoloControl } from '../../../src/input/soloControl';
import type { SoloTick } from '../../../src/app/soloReplay';
import { step, type SimWorld } from '../../../src/sim';

export interface SoloPlayer {
  /** The slot the solo player drives now (0 = P1). */
  readonly slot: number;
  /** The character the solo player drives now (its entity). */
  readonly me: number;
  /** Ticks pressed so far. */
  readonly ticks: SoloTick[];
  /** One tick: these buttons for the controlled character, after a switch when `isSwitch`. */
  press(buttons: number, isSwitch?: boolean): void;
}

/** A solo player on `world`, in control of P1 as solo mode starts. */
export function createSoloPlayer(world: SimWorld): SoloPlayer {
  const players = world.queries.players.dense;
  const solo = createSoloControl();
  solo.setOn(true);
  const masks = new Uint8Array(2);
  const inputs = [0, 0];
  const ticks: SoloTick[] = [];
  const press = (buttons: number, isSwitch = false): void => {
    masks[0] = buttons;
    masks[1] = 0;
    const switches = isSwitch ? 1 : 0;
    solo.apply(masks, switches);
    inputs[0] = masks[0];
    inputs[1] = masks[1];
    ticks.push([buttons, switches]);
    step(world, inputs);
  };
  return {
    get slot() { return solo.controlled; },
    get me() { return players[solo.controlled]; },
    ticks,
    press,
  };
}
