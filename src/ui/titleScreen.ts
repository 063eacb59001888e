// The title screen, the first thing shown without `?level=`: the game's name drawn as an SVG (two
// players tied by a sagging rope under a hand-drawn-looking wordmark) and a menu of Play, Settings
// Controls, Create (the level editor) and Play solo (one player drives both characters). Driven by menu actions through `handleAction` (keyboard or gamepad) and the mouse.

import { el } from './dom';
import type { MenuSounds } from './menuCursor';
import { createMenuScreen, type MenuScreen } from './menuScreen';

export interface TitleHandlers {
  /** Play: two players. */
  onPlay(): void;
  /** Play solo: one player drives both characters (the same level select). */
  onPlaySolo(): void;
  onSettings(): void;
  onControls(): void;
  /** Create: the level editor. */
  onCreate(): void;
  sounds?: MenuSounds;
}

/** `show(cursorId)`: 'play', 'settings' or 'controls' puts the cursor there. Back is not used. */
export type TitleScreen = Omit<MenuScreen, 'root' | 'menu'>;

// Colours from src/render/palette.ts (players, rope) and screens.css. The turbulence filter wobbles
// every edge a little so the art reads as drawn rather than typeset; its seed is fixed, so it never moves.
const TITLE_SVG = `
<svg class="title-art" viewBox="0 0 640 230" role="img" aria-label="Ropebound" xmlns="http://www.w3.org/2000/svg">
  <defs>
    <filter id="title-sketch" x="-5%" y="-5%" width="110%" height="110%">
      <feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="2" seed="7" />
      <feDisplacementMap in="SourceGraphic" scale="3.5" />
    </filter>
  </defs>
  <g filter="url(#title-sketch)">
    <text x="320" y="108" text-anchor="middle" class="word" textLength="560" lengthAdjust="spacingAndGlyphs">
      <tspan class="p1">Rope</tspan><tspan class="p2">bound</tspan>
    </text>
    <path class="rope" d="M 96 176 C 220 236, 420 236, 544 176" />
    <path class="rope-twist" d="M 96 176 C 220 236, 420 236, 544 176" />
    <g class="player p1" transform="translate(70 140)">
      <rect x="0" y="8" width="34" height="42" rx="9" />
      <path class="hat" d="M 2 12 Q 17 -8 32 12 Z" />
      <circle class="bobble" cx="17" cy="0" r="5" />
      <circle class="eye" cx="22" cy="24" r="4" /><circle class="pupil" cx="23.5" cy="24.5" r="2" />
    </g>
    <g class="player p2" transform="translate(536 140)">
      <rect x="0" y="8" width="34" height="42" rx="9" />
      <rect class="visor" x="3" y="18" width="28" height="11" rx="5" />
      <circle class="lens" cx="11" cy="23.5" r="3.2" /><circle class="lens" cx="23" cy="23.5" r="3.2" />
    </g>
  </g>
</svg>`;

export function createTitleScreen(parent: HTMLElement, handlers: TitleHandlers): TitleScreen {
  return createMenuScreen(parent, {
    className: 'title-screen',
    body(panel) {
      el('div', 'title-art-box', panel).innerHTML = TITLE_SVG;
      el('h1', 'visually-hidden', panel, 'Ropebound');
      el('p', 'tagline', panel, 'Two players, one rope.');
    },
    items: [
      { id: 'play', label: 'Play', onActivate: handlers.onPlay },
      { id: 'settings', label: 'Settings', onActivate: handlers.onSettings },
      { id: 'controls', label: 'Controls', onActivate: handlers.onControls },
      // Last, so the menu's first items keep their places: players look for Play, designers find Create.
      { id: 'create', label: 'Create', onActivate: handlers.onCreate },
      // After Create for the same reason: menus and tests that count ↓ from Play still land right.
      { id: 'solo', label: 'Play solo', onActivate: handlers.onPlaySolo },
    ],
    menu: { label: 'Title menu' },
    hint: '<kbd>↑</kbd><kbd>↓</kbd> choose · <kbd>Enter</kbd> select · or a gamepad',
    sounds: handlers.sounds,
  });
}
