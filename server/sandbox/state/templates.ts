import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxTemplates } from '../../db/schema';
import { numericId } from './ids';

export type SandboxTemplate = typeof sandboxTemplates.$inferSelect;
/** A template component as Meta returns it: type (and header format) in upper case. */
export type StoredComponent = {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; text?: string; url?: string; phone_number?: string }[];
  example?: Record<string, unknown>;
  [key: string]: unknown;
};

/** What every new sandbox WABA starts with, approved, so a fresh install can send a template at once. */
const SAMPLE_TEMPLATES: Pick<SandboxTemplate, 'name' | 'language' | 'category' | 'components'>[] = [
  {
    name: 'hello_world',
    language: 'en_US',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
      {
        type: 'BODY',
        text: 'Welcome to the Switchboard sandbox! This template message came through the Cloud API stand-in.',
      },
      { type: 'FOOTER', text: 'Switchboard sandbox sample' },
    ],
  },
  {
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order {{2}} is on its way. Reply here if you have any questions.',
        example: { body_text: [['Ana', '#1042']] },
      },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track my order' }] },
    ],
  },
];

export async function seedTemplates(db: Executor, wabaId: string): Promise<void> {
  for (const sample of SAMPLE_TEMPLATES) {
    await db
      .insert(sandboxTemplates)
      .values({ id: numericId(), wabaId, status: 'APPROVED', ...sample })
      .onConflictDoNothing();
  }
}

/** The distinct `{{1}}` / `{{first_name}}` placeholders of a text, in order of first use. */
export function placeholdersOf(text: string | undefined): string[] {
  const names: string[] = [];
  for (const match of (text ?? '').matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)) {
    const name = match[1]!;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export function componentsOf(template: Pick<SandboxTemplate, 'components'>): StoredComponent[] {
  return Array.isArray(template.components) ? (template.components as StoredComponent[]) : [];
}

export function findComponent(
  template: Pick<SandboxTemplate, 'components'>,
  type: string,
): StoredComponent | undefined {
  return componentsOf(template).find((c) => c.type === type);
}

export async function findTemplate(
  db: Executor,
  wabaId: string,
  name: string,
  language: string,
): Promise<SandboxTemplate | null> {
  const [row] = await db
    .select()
    .from(sandboxTemplates)
    .where(
      and(
        eq(sandboxTemplates.wabaId, wabaId),
        eq(sandboxTemplates.name, name),
        eq(sandboxTemplates.language, language),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findTemplateById(db: Executor, id: string): Promise<SandboxTemplate | null> {
  const [row] = await db.select().from(sandboxTemplates).where(eq(sandboxTemplates.id, id)).limit(1);
  return row ?? null;
}

/** Cursors are opaque to clients; here they are the base64 of the last id on the page. */
export const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64');
export function decodeCursor(cursor: string): string | null {
  const id = Buffer.from(cursor, 'base64').toString('utf8');
  return /^\d+$/.test(id) ? id : null;
}

/** One page of a WABA's templates in id order, plus whether more follow. */
export async function listTemplatesPage(
  db: Executor,
  wabaId: string,
  page: { limit: number; afterId: string | null; name?: string; status?: string },
): Promise<{ rows: SandboxTemplate[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(sandboxTemplates)
    .where(
      and(
        eq(sandboxTemplates.wabaId, wabaId),
        page.afterId ? gt(sandboxTemplates.id, page.afterId) : undefined,
        page.name ? eq(sandboxTemplates.name, page.name) : undefined,
        page.status ? eq(sandboxTemplates.status, page.status.toUpperCase()) : undefined,
      ),
    )
    .orderBy(asc(sandboxTemplates.id))
    .limit(page.limit + 1);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

export async function listTemplatesOfWaba(db: Executor, wabaId: string): Promise<SandboxTemplate[]> {
  return db
    .select()
    .from(sandboxTemplates)
    .where(eq(sandboxTemplates.wabaId, wabaId))
    .orderBy(asc(sandboxTemplates.createdAt), asc(sandboxTemplates.id));
}
