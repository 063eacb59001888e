// Where the browser fetches each sound file: assets/sounds/*.wav and their compressed copies
// (*.ogg) imported through vite, so the build gives each a hashed URL (dist/assets/jump-<hash>.ogg). Kept apart from soundFiles.ts,
// which Node tools import (tools/make-sounds.ts runs under tsx, where import.meta.glob does not exist).

const URLS: Readonly<Record<string, string>> = import.meta.glob<string>('../../assets/sounds/*.{wav,ogg}', {
  query: '?url',
  import: 'default',
  eager: true,
});

const BY_FILE = new Map(Object.entries(URLS).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));

/** The URL of a file named in SOUND_FILES / MUSIC_FILES, or undefined when assets/sounds/ lacks it. */
export function soundUrl(file: string): string | undefined {
  return BY_FILE.get(file);
}
