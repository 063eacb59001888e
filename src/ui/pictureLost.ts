// The "picture stopped" message: shown while the browser has taken the WebGL context away (a GPU
// reset, a driver update, too many tabs using the graphics card). The game is paused meanwhile
// (app/appMachine.ts); the message says so, that the picture usually comes back by itself, and
// what to do when it does not. A banner at the top: the menus under it keep working.

import './screens.css';
import './pictureLost.css';
import { el } from './dom';

export interface PictureLostBanner {
  /** Shows (true) or hides the message. */
  setLost(isLost: boolean): void;
  readonly isVisible: boolean;
}

export function createPictureLostBanner(parent: HTMLElement): PictureLostBanner {
  const root = el('div', 'picture-lost', parent);
  root.hidden = true;
  root.setAttribute('role', 'alert');
  el('h2', 'title', root, 'The picture stopped: the game is paused');
  el('p', 'why', root,
    'The browser took the graphics (WebGL) away from the game, as after a graphics driver reset; ' +
    'it usually gives it back within a few seconds, and the game picks up where it was.');
  const how = el('p', 'how', root);
  how.append('If it does not come back: press ');
  el('kbd', '', how, 'R');
  how.append(' to reload the page (saved progress and settings are kept), or close other tabs that use the graphics card.');

  return {
    setLost(isLost): void {
      root.hidden = !isLost;
    },
    get isVisible(): boolean {
      return !root.hidden;
    },
  };
}
