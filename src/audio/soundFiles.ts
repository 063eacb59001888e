// The game's sounds by name and the files that hold them (in assets/sounds/; soundUrls.ts gives
// their URLs). tools/make-sounds.ts writes exactly these files; the player loads them.

/** Every sound effect the game plays. */
export type SoundName =
  | 'jump' | 'land' | 'footstep' | 'ropeTaut' | 'ropeCreak' | 'bump' | 'boxWall' | 'ropeSnap'
  | 'anchorOn' | 'anchorOff' | 'death' | 'checkpoint' | 'gem' | 'levelComplete' | 'menuMove' | 'menuSelect';

/** Files of each effect; a sound with several picks one per play (footstep variants). */
export const SOUND_FILES: Readonly<Record<SoundName, readonly string[]>> = {
  jump: ['jump.wav'],
  land: ['land.wav'],
  footstep: ['footstep-1.wav', 'footstep-2.wav', 'footstep-3.wav'],
  ropeTaut: ['rope-taut.wav'],
  ropeCreak: ['rope-creak.wav'],
  bump: ['box-bump.wav'],
  boxWall: ['box-wall.wav'],
  ropeSnap: ['rope-snap.wav'],
  anchorOn: ['anchor-on.wav'],
  anchorOff: ['anchor-off.wav'],
  death: ['death.wav'],
  checkpoint: ['checkpoint.wav'],
  gem: ['gem.wav'],
  levelComplete: ['level-complete.wav'],
  menuMove: ['menu-move.wav'],
  menuSelect: ['menu-select.wav'],
};

/** The two looping music tracks. */
export type MusicName = 'menu' | 'play';

export const MUSIC_FILES: Readonly<Record<MusicName, string>> = {
  menu: 'music-menu.wav',
  play: 'music-play.wav',
};
