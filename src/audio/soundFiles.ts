// The game's sounds by name and the files that hold them (in assets/sounds/; soundUrls.ts gives
// their URLs). tools/make-sounds.ts writes exactly these files, each as a WAV (the name here) and
// compressed beside it (compressedFile); the player loads the compressed one where it can.

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

/** The looping music tracks: the menus', and one per world (a level's `world` field, 1-3). */
export type MusicName = 'menu' | 'world1' | 'world2' | 'world3';

export const MUSIC_FILES: Readonly<Record<MusicName, string>> = {
  menu: 'music-menu.wav',
  world1: 'music-world1.wav',
  world2: 'music-world2.wav',
  world3: 'music-world3.wav',
};

/** The music played over a level of world `world` (1-3; world 1's for anything else). */
export function worldMusic(world: number): MusicName {
  return world === 2 ? 'world2' : world === 3 ? 'world3' : 'world1';
}

/**
 * The compressed copy of a sound file: Ogg Vorbis, same name with `.ogg` (made by `npm run sounds`
 * from the WAV). ~7x smaller for music; every current desktop browser decodes it, and the WAV is
 * the fallback for one that does not (Safari before 17.4).
 */
export function compressedFile(file: string): string {
  return file.replace(/\.wav$/, '.ogg');
}
