// A level opened from a share link: shown over the picture with its name, author and whether it is
// cleared (its replay re-simulated here first: a link's mark is only a claim), and two ways on:
// Play (the game plays it like a level from a file) and Edit a copy (it becomes one of My levels).

import { el } from '../../ui/dom';
import {
  decodeShareLink, validateLevel, verifyCleared, type ClearedMark, type LevelFile,
} from '../doc';
import type { WorldDef } from '../../sim';

export interface LinkViewHandlers {
  /** Shows the level (not saved anywhere) while the banner is up. */
  show(level: LevelFile, mark: ClearedMark | null): void;
  play(level: LevelFile, def: WorldDef): void;
  editCopy(level: LevelFile, mark: ClearedMark | null): void;
  toast(message: string, isError?: boolean): void;
}

export interface LinkView {
  /** True while a shared level is on show (the editor's tools are off). */
  readonly isOpen: boolean;
  open(fragment: string): Promise<void>;
}

export function createLinkView(root: HTMLElement, h: LinkViewHandlers): LinkView {
  let banner: HTMLElement | null = null;

  return {
    get isOpen() {
      return banner !== null;
    },
    async open(fragment) {
      const decoded = await decodeShareLink(fragment);
      if (!decoded.ok) {
        h.toast(`This link could not be opened: ${decoded.errors.join('; ')}`, true);
        return;
      }
      const { level } = decoded;
      const check = decoded.replay ? verifyCleared(level, decoded.replay) : null;
      const mark = check?.ok ? check.mark : null;
      h.show(level, mark);
      banner?.remove();
      const box = el('div', 'ed-panel ed-link-banner', root);
      banner = box;
      el('h2', '', box, level.name);
      const cleared = check === null ? 'Not cleared.' : check.ok ? '✓ Cleared: its replay was checked.' : `Its replay was not accepted (${check.message}).`;
      el('p', 'ed-help', box, `A level shared by link${level.author ? ` by ${level.author}` : ''}. ${cleared}`);
      const play = el('button', 'ed-play', box, '▶ Play');
      play.type = 'button';
      play.addEventListener('click', () => {
        const v = validateLevel(level);
        if (v.result.ok) h.play(level, v.result.def);
        else h.toast(`This level cannot be played: ${v.reason ?? ''}`, true);
      });
      const copy = el('button', '', box, 'Edit a copy');
      copy.type = 'button';
      copy.addEventListener('click', () => {
        box.remove();
        banner = null;
        // The page's address stops pointing at the link: a reload comes back to the copy.
        window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
        h.editCopy(level, mark);
      });
    },
  };
}
