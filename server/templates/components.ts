import {
  type CreateTemplateDraft,
  displayStatus,
  placeholdersIn,
  type TemplateMedia,
  type TemplateMediaKind,
  type TemplateView,
  variableCount,
} from '@common/api/templates';
import type { media, templates } from '../db/schema';
import type { TemplateComponent } from '../whatsapp/graph-responses';

export type TemplateRow = typeof templates.$inferSelect;
type MediaRow = typeof media.$inferSelect;

/** A stored file as a template's sample or a send's header file. */
export function presentTemplateMedia(row: MediaRow): TemplateMedia {
  return {
    id: row.id,
    kind: (row.kind === 'video' || row.kind === 'document' ? row.kind : 'image') as TemplateMediaKind,
    mimeType: row.mimeType ?? 'application/octet-stream',
    filename: row.filename,
    size: row.fileSize,
    url: `/api/media/${row.id}`,
  };
}

/**
 * Meta's components for a checked draft (whatsapp-cloud-api.md §4): blank header and footer dropped,
 * examples for every variable, an image/video/document header with its sample's upload handle,
 * quick replies grouped before the call-to-action buttons (Meta refuses them interleaved).
 */
export function graphComponents(
  draft: CreateTemplateDraft,
  headerHandle: string | null = null,
): TemplateComponent[] {
  const components: TemplateComponent[] = [];
  const header = draft.header;
  if (header && header.format !== 'TEXT') {
    if (!headerHandle) throw new Error('A media header needs the upload handle of its sample');
    components.push({ type: 'HEADER', format: header.format, example: { header_handle: [headerHandle] } });
  }
  const headerText = header?.format === 'TEXT' ? header.text.trim() : '';
  if (header?.format === 'TEXT' && headerText) {
    const example = header.example?.trim();
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: headerText,
      ...(placeholdersIn(headerText).length > 0 && example ? { example: { header_text: [example] } } : {}),
    });
  }
  const body = draft.body.trim();
  const count = placeholdersIn(body).length;
  components.push({
    type: 'BODY',
    text: body,
    ...(count > 0
      ? { example: { body_text: [draft.bodyExamples.slice(0, count).map((v) => v.trim())] } }
      : {}),
  });
  const footer = draft.footer?.trim();
  if (footer) components.push({ type: 'FOOTER', text: footer });
  if (draft.buttons.length > 0) {
    const ordered = [
      ...draft.buttons.filter((b) => b.type === 'QUICK_REPLY'),
      ...draft.buttons.filter((b) => b.type !== 'QUICK_REPLY'),
    ];
    components.push({
      type: 'BUTTONS',
      buttons: ordered.map((b) =>
        b.type === 'URL'
          ? { type: 'URL', text: b.text.trim(), url: b.url.trim() }
          : b.type === 'PHONE_NUMBER'
            ? {
                type: 'PHONE_NUMBER',
                text: b.text.trim(),
                phone_number: b.phoneNumber.replace(/[\s()-]/g, ''),
              }
            : { type: 'QUICK_REPLY', text: b.text.trim() },
      ),
    });
  }
  return components;
}

type Raw = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function componentOf(components: Raw[], type: string): Raw | undefined {
  return components.find((c) => str(c.type)?.toUpperCase() === type);
}

/** A stored template as the app shows it: its parts read from Meta's components, and its sample file. */
export function presentTemplate(row: TemplateRow, sample: MediaRow | null = null): TemplateView {
  const components = (Array.isArray(row.components) ? row.components : []) as Raw[];
  const header = componentOf(components, 'HEADER');
  const body = componentOf(components, 'BODY');
  const footer = componentOf(components, 'FOOTER');
  const buttons = componentOf(components, 'BUTTONS');
  const bodyText = str(body?.text) ?? '';
  const headerText = str(header?.text);
  const bodyExample = (body?.example as Raw | undefined)?.body_text;
  const headerExample = (header?.example as Raw | undefined)?.header_text;
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: displayStatus(row.status),
    providerStatus: row.status,
    rejectedReason: row.rejectedReason,
    header: header ? { format: (str(header.format) ?? 'TEXT').toUpperCase(), text: headerText } : null,
    body: bodyText,
    footer: str(footer?.text),
    buttons: (Array.isArray(buttons?.buttons) ? (buttons.buttons as Raw[]) : []).map((b) => ({
      type: str(b.type)?.toUpperCase() ?? 'QUICK_REPLY',
      text: str(b.text) ?? '',
      ...(str(b.url) ? { url: str(b.url)! } : {}),
      ...(str(b.phone_number) ? { phoneNumber: str(b.phone_number)! } : {}),
    })),
    bodyVariables: variableCount(bodyText),
    headerVariables: headerText ? variableCount(headerText) : 0,
    bodyExamples:
      Array.isArray(bodyExample) && Array.isArray(bodyExample[0]) ? bodyExample[0].map(String) : [],
    headerExample: Array.isArray(headerExample) && headerExample.length > 0 ? String(headerExample[0]) : null,
    headerSample:
      sample && sample.id === row.headerMediaId && sample.status === 'ready'
        ? presentTemplateMedia(sample)
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
