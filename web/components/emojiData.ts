import emojiDataUrl from 'emojibase-data/en/data.json?url';
import emojiMessagesUrl from 'emojibase-data/en/messages.json?url';
import type { EmojiPickerRootProps } from 'frimousse';

/**
 * Emoji data for the picker, served by this app (never a CDN): emojibase-data's two English files are
 * bundled as assets and turned into frimousse's shape here, with a 'Recent' category in front and
 * only the emoji versions this browser can draw.
 */

type Resolver = NonNullable<EmojiPickerRootProps['resolveEmojiData']>;
type PickerData = Awaited<ReturnType<Resolver>>;
type SkinKey = 'light' | 'medium-light' | 'medium' | 'medium-dark' | 'dark';

type RawEmoji = {
  label: string;
  emoji: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
  version: number;
  skins?: { emoji: string; tone?: number | number[] }[];
};
type RawMessages = {
  groups: { key: string; message: string; order: number }[];
  subgroups: { key: string; message: string; order: number }[];
  skinTones: { key: SkinKey; message: string }[];
};

/** Spec §9: the recent emoji a new user starts with. */
export const DEFAULT_RECENT_EMOJI = ['🙏', '😢', '👍', '😂', '❤️', '👏', '✨', '✅'];
export const RECENT_CATEGORY_INDEX = 100;
const RECENT_KEY = 'switchboard:recent-emoji';
const RECENT_MAX = 24;
const TONES: SkinKey[] = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'];

export function readRecentEmoji(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(RECENT_KEY) ?? 'null') as unknown;
    if (Array.isArray(stored) && stored.every((e) => typeof e === 'string')) return stored;
  } catch {
    // fall through to the defaults
  }
  return DEFAULT_RECENT_EMOJI;
}

export function rememberEmoji(emoji: string): void {
  const next = [emoji, ...readRecentEmoji().filter((e) => e !== emoji)].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // private mode: recents just do not stick
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

let rawPromise: Promise<{ emojis: RawEmoji[]; messages: RawMessages }> | null = null;
function loadRaw() {
  rawPromise ??= Promise.all([
    fetch(emojiDataUrl).then((r) => r.json() as Promise<RawEmoji[]>),
    fetch(emojiMessagesUrl).then((r) => r.json() as Promise<RawMessages>),
  ])
    .then(([emojis, messages]) => ({ emojis, messages }))
    .catch((error) => {
      rawPromise = null;
      throw error;
    });
  return rawPromise;
}

/** Whether this browser draws `emoji` as a colour glyph (not a monochrome box or two letters). */
function drawsInColour(emoji: string): boolean {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 24;
    canvas.height = 24;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return true;
    context.font = "18px 'Apple Color Emoji', 'Noto Color Emoji', 'Segoe UI Emoji', sans-serif";
    context.textBaseline = 'top';
    if (context.measureText(emoji).width > 30) return false;
    context.fillText(emoji, 0, 2);
    const pixels = context.getImageData(0, 0, 24, 24).data;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b, a] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
      if (a > 0 && (Math.abs(r - g) > 12 || Math.abs(g - b) > 12)) return true;
    }
    return false;
  } catch {
    return true;
  }
}

let support: { maxVersion: number; flags: boolean } | null = null;
function detectSupport(emojis: RawEmoji[]) {
  if (support) return support;
  const probes = new Map<number, string>();
  for (const e of emojis) if (e.group !== undefined && !probes.has(e.version)) probes.set(e.version, e.emoji);
  const versions = [...probes.keys()].sort((a, b) => b - a);
  const maxVersion = versions.find((v) => drawsInColour(probes.get(v)!)) ?? 15;
  support = { maxVersion, flags: drawsInColour('🇪🇺') };
  return support;
}

/** A resolver for frimousse: 11 categories (Recent + emojibase's 10 groups), drawable emoji only. */
export function createEmojiResolver(recent: string[] = readRecentEmoji()): Resolver {
  return async (_locale, { signal } = {}) => {
    const { emojis, messages } = await loadRaw();
    signal?.throwIfAborted();
    const { maxVersion, flags } = detectSupport(emojis);
    const countryFlag = messages.subgroups.find((s) => s.key === 'country-flag')?.order;
    const drawable = emojis.filter(
      (e) => e.group !== undefined && e.version <= maxVersion && (flags || e.subgroup !== countryFlag),
    );
    const list: PickerData['emojis'] = drawable.map((e) => {
      const skins: Partial<Record<SkinKey, string>> = {};
      for (const skin of e.skins ?? []) {
        if (typeof skin.tone === 'number') skins[TONES[skin.tone - 1]!] = skin.emoji;
      }
      return {
        emoji: e.emoji,
        category: e.group!,
        label: capitalize(e.label),
        version: e.version,
        tags: e.tags ?? [],
        skins: Object.keys(skins).length === 5 ? (skins as Record<SkinKey, string>) : undefined,
      };
    });
    const byEmoji = new Map(list.map((e) => [e.emoji.replace(/\uFE0F/g, ''), e]));
    const recentEntries = recent
      .map((emoji) => byEmoji.get(emoji.replace(/\uFE0F/g, '')))
      .filter((e): e is NonNullable<typeof e> => Boolean(e))
      .map((e) => ({ ...e, category: RECENT_CATEGORY_INDEX, skins: undefined }));
    const skinTones = Object.fromEntries(
      messages.skinTones.map((t) => [t.key, capitalize(t.message)]),
    ) as Record<SkinKey, string>;
    return {
      locale: 'en',
      emojis: [...recentEntries, ...list],
      categories: [
        { index: RECENT_CATEGORY_INDEX, label: 'Recent' },
        ...[...messages.groups]
          .sort((a, b) => a.order - b.order)
          .map((g) => ({ index: g.order, label: capitalize(g.message) })),
      ],
      skinTones,
    };
  };
}
