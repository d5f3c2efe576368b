import type { ContactCard, InteractiveContent } from '@common/api/sandbox';
import type { MediaKind } from '../state/media';
import { SEND_TEXTS, sendErrors } from './send-errors';

/**
 * Meta's limits for the message types whose objects nest (interactive, contacts, location, media
 * objects), checked by hand so each violation gets Meta's own wording from SEND_TEXTS. The first
 * problem wins, as on Meta.
 */

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const key = (path: string, name: string | number) =>
  typeof name === 'number' ? `${path}[${name}]` : `${path}['${name}']`;

function objectAt(parent: Obj, path: string, name: string): Obj {
  const value = parent[name];
  if (value === undefined || value === null) throw sendErrors.required(key(path, name));
  if (!isObj(value)) throw sendErrors.param(SEND_TEXTS.required(key(path, name)));
  return value;
}

/** A string field: required (non-empty) or optional, at most `max` characters. */
function text(parent: Obj, path: string, name: string, max: number, required: true): string;
function text(parent: Obj, path: string, name: string, max: number, required: false): string | null;
function text(parent: Obj, path: string, name: string, max: number, required: boolean): string | null {
  const value = parent[name];
  const at = key(path, name);
  if (value === undefined || value === null) {
    if (required) throw sendErrors.required(at);
    return null;
  }
  if (typeof value !== 'string') throw sendErrors.param(SEND_TEXTS.notAString(at));
  if (required && value.trim() === '') throw sendErrors.param(SEND_TEXTS.empty(at));
  if ([...value].length > max) throw sendErrors.tooLong(at, max);
  return value;
}

/** A string that must be 1..max characters, else 131009 with the given details. */
function limited(parent: Obj, path: string, name: string, max: number, details: string): string {
  const value = parent[name];
  if (value === undefined || value === null) throw sendErrors.required(key(path, name));
  if (typeof value !== 'string') throw sendErrors.param(SEND_TEXTS.notAString(key(path, name)));
  const length = [...value].length;
  if (length < 1 || length > max || value.trim() === '') throw sendErrors.invalid(details);
  return value;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A media object `{id}` or `{link}` (never both), as the send must resolve it. */
export type MediaSource = { id: string; link?: undefined } | { link: string; id?: undefined };

export function mediaSource(object: Obj, path: string): MediaSource {
  const id = typeof object.id === 'string' && object.id !== '' ? object.id : undefined;
  const link = typeof object.link === 'string' && object.link !== '' ? object.link : undefined;
  if (id && link) throw sendErrors.param(SEND_TEXTS.idOrLink(path));
  if (id) return { id };
  if (link) {
    if (!isHttpUrl(link)) throw sendErrors.invalid(SEND_TEXTS.badLink(key(path, 'link')));
    return { link };
  }
  throw sendErrors.required(key(path, 'id'));
}

export type CheckedInteractive = {
  content: InteractiveContent;
  /** A media header still to resolve (by uploaded id or by link). */
  headerMedia: { kind: 'image' | 'video' | 'document'; source: MediaSource; filename?: string } | null;
};

const UNSUPPORTED = ['flow', 'product', 'product_list', 'catalog_message', 'location_request_message'];
const BODY_MAX = { button: 1024, list: 4096, cta_url: 1024 } as const;
const HEADER_TYPES = {
  button: ['text', 'image', 'video', 'document'],
  list: ['text'],
  cta_url: ['text', 'image', 'video', 'document'],
} as const;

function header(interactive: Obj, type: 'button' | 'list' | 'cta_url') {
  const path = "interactive['header']";
  const raw = interactive.header;
  if (raw === undefined || raw === null) return { content: null, media: null };
  if (!isObj(raw)) throw sendErrors.required(key(path, 'type'));
  const kind = text(raw, path, 'type', 20, true);
  const allowed: readonly string[] = HEADER_TYPES[type];
  if (!allowed.includes(kind)) throw sendErrors.invalid(SEND_TEXTS.headerType(kind, allowed.join(', ')));
  if (kind === 'text') {
    return { content: { type: 'text' as const, text: text(raw, path, 'text', 60, true) }, media: null };
  }
  const mediaKind = kind as 'image' | 'video' | 'document';
  const object = objectAt(raw, path, mediaKind);
  const source = mediaSource(object, key(path, mediaKind));
  const filename = typeof object.filename === 'string' ? object.filename : undefined;
  return {
    content: { type: mediaKind, mediaId: source.id ?? null, filename: filename ?? null },
    media: { kind: mediaKind, source, ...(filename ? { filename } : {}) },
  };
}

function replyButtons(action: Obj): { id: string; title: string }[] {
  const path = "interactive['action']";
  const raw = action.buttons;
  if (raw === undefined) throw sendErrors.required(key(path, 'buttons'));
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > 3)
    throw sendErrors.invalid(SEND_TEXTS.buttonCount);
  const buttons = raw.map((button: unknown, i) => {
    const at = key(key(path, 'buttons'), i);
    if (!isObj(button)) throw sendErrors.required(key(at, 'type'));
    if (button.type !== 'reply') throw sendErrors.invalid(SEND_TEXTS.buttonType);
    const reply = objectAt(button, at, 'reply');
    return {
      id: limited(reply, key(at, 'reply'), 'id', 256, SEND_TEXTS.buttonIdLength),
      title: limited(reply, key(at, 'reply'), 'title', 20, SEND_TEXTS.buttonTitleLength),
    };
  });
  if (new Set(buttons.map((b) => b.id)).size !== buttons.length)
    throw sendErrors.invalid(SEND_TEXTS.buttonIdUnique);
  if (new Set(buttons.map((b) => b.title)).size !== buttons.length)
    throw sendErrors.invalid(SEND_TEXTS.buttonTitleUnique);
  return buttons;
}

function listAction(action: Obj): NonNullable<InteractiveContent['list']> {
  const path = "interactive['action']";
  const button = limited(action, path, 'button', 20, SEND_TEXTS.listButtonLength);
  const raw = action.sections;
  if (raw === undefined) throw sendErrors.required(key(path, 'sections'));
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > 10)
    throw sendErrors.invalid(SEND_TEXTS.sectionCount);
  let rowsInAll = 0;
  const sections = raw.map((section: unknown, i) => {
    const at = key(key(path, 'sections'), i);
    if (!isObj(section)) throw sendErrors.required(key(at, 'rows'));
    let title: string | null = null;
    if (raw.length > 1 || section.title !== undefined) {
      if (section.title === undefined || section.title === null) throw sendErrors.required(key(at, 'title'));
      title = limited(section, at, 'title', 24, SEND_TEXTS.sectionTitleLength);
    }
    const rows = section.rows;
    if (rows === undefined) throw sendErrors.required(key(at, 'rows'));
    if (!Array.isArray(rows) || rows.length === 0) throw sendErrors.invalid(SEND_TEXTS.sectionRows);
    rowsInAll += rows.length;
    if (rowsInAll > 10) throw sendErrors.invalid(SEND_TEXTS.rowCount);
    return {
      title,
      rows: rows.map((row: unknown, j) => {
        const rowAt = key(key(at, 'rows'), j);
        if (!isObj(row)) throw sendErrors.required(key(rowAt, 'id'));
        const description = row.description;
        if (description !== undefined && (typeof description !== 'string' || [...description].length > 72))
          throw sendErrors.invalid(SEND_TEXTS.rowDescriptionLength);
        return {
          id: limited(row, rowAt, 'id', 200, SEND_TEXTS.rowIdLength),
          title: limited(row, rowAt, 'title', 24, SEND_TEXTS.rowTitleLength),
          description: (description as string | undefined) || null,
        };
      }),
    };
  });
  const ids = sections.flatMap((s) => s.rows.map((r) => r.id));
  if (new Set(ids).size !== ids.length) throw sendErrors.invalid(SEND_TEXTS.rowIdUnique);
  return { button, sections };
}

function ctaAction(action: Obj): NonNullable<InteractiveContent['cta']> {
  const path = "interactive['action']";
  if (action.name === undefined) throw sendErrors.required(key(path, 'name'));
  if (action.name !== 'cta_url') throw sendErrors.invalid(SEND_TEXTS.ctaName);
  const parameters = objectAt(action, path, 'parameters');
  const at = key(path, 'parameters');
  const displayText = limited(parameters, at, 'display_text', 20, SEND_TEXTS.ctaDisplayTextLength);
  const url = text(parameters, at, 'url', 2000, true);
  if (!isHttpUrl(url)) throw sendErrors.invalid(SEND_TEXTS.badLink(key(at, 'url')));
  return { displayText, url };
}

/** `type: interactive`: button, list and cta_url with Meta's limits; other kinds are refused clearly. */
export function checkInteractive(raw: unknown): CheckedInteractive {
  if (!isObj(raw)) throw sendErrors.required('interactive');
  const path = 'interactive';
  const type = text(raw, path, 'type', 40, true);
  if (UNSUPPORTED.includes(type)) throw sendErrors.unsupported(SEND_TEXTS.interactiveNotSupported(type));
  if (type !== 'button' && type !== 'list' && type !== 'cta_url')
    throw sendErrors.invalid(`Param interactive['type'] must be one of button, list, cta_url (got ${type}).`);
  const { content: headerContent, media } = header(raw, type);
  const body = text(objectAt(raw, path, 'body'), key(path, 'body'), 'text', BODY_MAX[type], true);
  const footerObject = raw.footer;
  const footer = isObj(footerObject) ? text(footerObject, key(path, 'footer'), 'text', 60, false) : null;
  const action = objectAt(raw, path, 'action');
  const content: InteractiveContent = { type, header: headerContent, body, footer };
  if (type === 'button') content.buttons = replyButtons(action);
  if (type === 'list') content.list = listAction(action);
  if (type === 'cta_url') content.cta = ctaAction(action);
  return { content, headerMedia: media };
}

/** Graph takes an array parameter as JSON text too (whatsapp-api-js sends `contacts` that way). */
function jsonTextOr(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** `type: contacts`: each card needs name.formatted_name and one other part of the name; the rest is kept as sent. */
export function checkContacts(sent: unknown): ContactCard[] {
  const raw = jsonTextOr(sent);
  if (raw === undefined) throw sendErrors.required('contacts');
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > 257)
    throw sendErrors.invalid(SEND_TEXTS.contactsCount);
  return raw.map((card: unknown, i) => {
    const at = key('contacts', i);
    if (!isObj(card)) throw sendErrors.required(key(at, 'name'));
    const name = objectAt(card, at, 'name');
    text(name, key(at, 'name'), 'formatted_name', 1024, true);
    // Meta wants one more part of the name beside the formatted one.
    const parts = ['first_name', 'last_name', 'middle_name', 'suffix', 'prefix'];
    if (!parts.some((part) => typeof name[part] === 'string' && name[part].trim() !== ''))
      throw sendErrors.invalid(SEND_TEXTS.contactNamePart(key(at, 'name')));
    for (const list of ['phones', 'emails', 'urls', 'addresses'] as const) {
      if (card[list] !== undefined && !Array.isArray(card[list]))
        throw sendErrors.invalid(`Param ${key(at, list)} must be an array.`);
    }
    return card as unknown as ContactCard;
  });
}

/** Latitude and longitude within range (131009 otherwise). */
export function checkLocation(location: { latitude: number; longitude: number }): void {
  if (!(location.latitude >= -90 && location.latitude <= 90)) throw sendErrors.invalid(SEND_TEXTS.latitude);
  if (!(location.longitude >= -180 && location.longitude <= 180))
    throw sendErrors.invalid(SEND_TEXTS.longitude);
}

/** A media message's object: id or link; voice only on audio. */
export function checkMediaObject(kind: MediaKind, object: Obj): MediaSource {
  return mediaSource(object, kind);
}
