/**
 * HTML for e-mails. Every value that goes into an e-mail's HTML goes through here: `html` escapes each
 * interpolation, so an address, a name or a link can never add markup or leave an attribute.
 *
 *   html`<p>Hello ${name}</p><p><a href="${link}">Open</a></p>`
 *
 * Put interpolations inside double-quoted attributes (`href="${link}"`), never unquoted. A value that
 * is already HTML (another `html` result) is wrapped in `SafeHtml` and kept as it is.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Markup that is already safe: the result of `html`, inserted into another `html` unescaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = string | number | SafeHtml | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** A tagged template that escapes every interpolation; returns SafeHtml (its `.value` is the string). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}
