// Share links: the level (and its replay when cleared) in the URL fragment, as JSON compressed with
// CompressionStream('deflate-raw') and written in base64url. The fragment never reaches a server.
// Opening one is like opening a file from a stranger: the text is size-capped before and after
// decompression (a small link can inflate to gigabytes), and the level goes through the game's
// parser; the replay is only a claim until verifyCleared re-simulates it.

import { parseReplay, type ReplayFile } from '../../level/replay';
import { MAX_LEVEL_BYTES, parseLevel } from '../../level/parseLevel';
import type { LevelFile } from './levelTypes';

/** The fragment's key: `#share=1.<base64url>` ("1." is the link format's version). */
export const SHARE_PREFIX = 'share=1.';
/**
 * Longest link fragment, characters. Browsers take far longer URLs (Chromium 2 MB), but chat apps
 * and mail cut or refuse them well before. Every campaign level with its replay takes 0.8-1.9 K
 * (tests/unit/editorFiles.test.ts prints them); 32,000 leaves room for levels 15x the finale.
 */
export const MAX_SHARE_CHARS = 32_000;
/** Most bytes a link may inflate to: a level (1 MiB) and a long replay. */
export const MAX_SHARE_JSON_BYTES = 4 * MAX_LEVEL_BYTES;

export type EncodeResult = { ok: true; fragment: string; chars: number } | { ok: false; message: string; chars: number };
export type DecodeResult = { ok: true; level: LevelFile; replay: ReplayFile | null } | { ok: false; errors: string[] };

/** `#share=1.…` for this level (validate it first: a link should only carry a playable level). */
export async function encodeShareLink(level: LevelFile, replay: ReplayFile | null = null): Promise<EncodeResult> {
  // The level exactly as it is ("$schema" too, ~20 bytes packed): what opens is byte for byte what was shared.
  const json = JSON.stringify(replay ? { level, replay } : { level });
  const packed = await deflate(new TextEncoder().encode(json));
  const fragment = `#${SHARE_PREFIX}${toBase64Url(packed)}`;
  if (fragment.length > MAX_SHARE_CHARS) {
    const what = replay ? 'the level and its replay' : 'the level';
    return {
      ok: false, chars: fragment.length,
      message: `the link would be ${fragment.length.toLocaleString('en')} characters, over the ${MAX_SHARE_CHARS.toLocaleString('en')} a link may have: ${what} is too big to share by link; export the file instead${replay ? ' (or share it without the cleared replay)' : ''}`,
    };
  }
  return { ok: true, fragment, chars: fragment.length };
}

/** True when `hash` (location.hash, or a whole pasted URL) holds a share link. */
export function isShareLink(hash: string): boolean {
  return hash.includes(`#${SHARE_PREFIX}`) || hash.startsWith(SHARE_PREFIX);
}

/** Reads a share link (the fragment, with or without '#', or a whole URL). Never throws. */
export async function decodeShareLink(hashOrUrl: string): Promise<DecodeResult> {
  const fail = (message: string): DecodeResult => ({ ok: false, errors: [`link: ${message}`] });
  const at = hashOrUrl.indexOf(SHARE_PREFIX);
  if (at < 0) return fail(`not a Ropebound share link (it has no "#${SHARE_PREFIX}")`);
  const body = hashOrUrl.slice(at + SHARE_PREFIX.length).trim();
  if (body.length > MAX_SHARE_CHARS) return fail(`the link is ${body.length} characters; share links are at most ${MAX_SHARE_CHARS}`);
  const bytes = fromBase64Url(body);
  if (!bytes) return fail('the link is damaged (it is not base64url: was it cut or changed on the way?)');
  let text: string;
  try {
    const raw = await inflate(bytes, MAX_SHARE_JSON_BYTES);
    if (raw === null) return fail(`the link unpacks to more than ${MAX_SHARE_JSON_BYTES} bytes; it is refused`);
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return fail('the link is damaged (it does not unpack: was it cut short?)');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('the link is damaged (what it holds is not JSON)');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('the link holds no level');
  const { level, replay, ...extra } = json as Record<string, unknown>;
  if (Object.keys(extra).length > 0) return fail(`unknown field "${Object.keys(extra)[0].slice(0, 40)}" in the link`);
  if (typeof level !== 'object' || level === null) return fail('the link holds no level');
  // The level as if it were a file, checked by the game's own parser.
  const parsed = parseLevel(JSON.stringify(level));
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  let checkedReplay: ReplayFile | null = null;
  if (replay !== undefined) {
    const r = parseReplay(JSON.stringify(replay));
    if (!r.ok) return { ok: false, errors: r.errors.map((e) => `replay ${e}`) };
    checkedReplay = r.replay;
  }
  return { ok: true, level: parsed.level, replay: checkedReplay };
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflates, stopping (null) as soon as the output passes `maxBytes`. Throws on damaged data. */
async function inflate(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array | null> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) { out.set(c, offset); offset += c.byteLength; }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url without padding (RFC 4648 §5), by hand: btoa wants a binary string of the bytes. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    if (i + 1 < bytes.length) out += ALPHABET[(n >> 6) & 63];
    if (i + 2 < bytes.length) out += ALPHABET[n & 63];
  }
  return out;
}

/** Base64url (padding allowed) -> bytes, or null when it holds any other character or a bad length. */
export function fromBase64Url(text: string): Uint8Array | null {
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (let i = 0; i < body.length; i++) {
    const v = ALPHABET.indexOf(body[i]);
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 255;
    }
  }
  return out;
}
