import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiSettings,
  campaigns,
  consentKeywords,
  contactFields,
  contactFieldValues,
  contactImports,
  contactSegments,
  contacts,
  contactTags,
  messages,
  reactions,
  savedMessages,
  tags,
  teamMembers,
  teams,
  templates,
} from '../db/schema';
import { HttpError } from '../lib/http-errors';
import { markMessageRead } from '../outbound/mark-read';
import { reactToMessage } from '../outbound/react';
import type { ReceivedFile } from '../outbound/receive-upload';
import { retryMessage, sendMediaMessage, sendTextMessage } from '../outbound/send-message';
import { sendRichMessage } from '../outbound/send-rich';
import { aiAuthorizeCases } from '../test/authorize-cases/ai';
import { aiBotAuthorizeCases } from '../test/authorize-cases/ai-bot';
import { campaignReportAuthorizeCases } from '../test/authorize-cases/campaign-report';
import { campaignAuthorizeCases, insertRegistryCampaign } from '../test/authorize-cases/campaigns';
import { consentAuthorizeCases } from '../test/authorize-cases/consent';
import { contactFieldAuthorizeCases } from '../test/authorize-cases/contact-fields';
import { contactsPageCommands } from '../test/authorize-cases/contacts-page';
import { importCommands, insertRegistryImport } from '../test/authorize-cases/imports';
import { savedMessageAuthorizeCases } from '../test/authorize-cases/saved-messages';
import { segmentAuthorizeCases } from '../test/authorize-cases/segments';
import { type AuthorizeCase, buildCommandFixture, type CommandFixture } from '../test/command-fixture';
import { createTestContext, type TestContext } from '../test/harness';
import { assignContact, assignContacts } from './assign-contacts';
import { contactMedia, contactStats, deleteContact, setContactState } from './contact-panel';
import { createTemplate } from './create-template';
import { inviteMember } from './invite-member';
import { removeMember } from './remove-member';
import { resendInvitation } from './resend-invitation';
import { sendTemplateMessage } from './send-template-message';
import { createTag, deleteTag, listTags, renameTag, tagContacts, untagContact } from './tags';
import { setTeamTimeZone } from './team-time-zone';
import { updateContact } from './update-contact';

/**
 * Every command authorizes its acting user itself (the route's `config.access` is only a first
 * gate): each one below runs as whoever lacks its ability — a member (owner-only abilities), the owner
 * of another team (commands that address a row of team A; creating or listing acts on their own
 * account), a user in no team (what a removed member is from the next request on; signed-out callers
 * never reach a command: permissions.test.ts proves every non-public route answers them 401) — and
 * must refuse (403 or 404) without changing a row. The last test walks the
 * exports of server/commands/*.ts and the outbound commands, so a new command fails here until it
 * is listed (or exempted with a reason).
 */

type Fixture = CommandFixture;
type Command = AuthorizeCase;

let ctx: TestContext;
let fx: Fixture;
let importId: string;
let campaignId: string;

/** A file that is never read: every command refuses before it looks at the upload. */
const UNREAD_FILE = { head: Buffer.alloc(0), filename: 'x.pdf', size: 1, truncated: false } as never;

const deps = () => ({
  db: ctx.db,
  env: ctx.env,
  events: ctx.events,
  clock: ctx.app.clock,
  channels: ctx.app.channels,
});

const PUBLIC_URL = 'http://localhost:3000';

/** Every command, with a call that runs it. */
const COMMANDS: Record<string, Command> = {
  // tags.ts — any teammate; other teams never.
  listTags: { ability: 'tag.view', refuses: ['teamless'], run: (a) => listTags(ctx.db, a) },
  createTag: {
    ability: 'tag.create',
    refuses: ['teamless'],
    run: (a) => createTag(deps(), a, 'registry-new'),
  },
  renameTag: {
    ability: 'tag.rename',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => renameTag(deps(), a, f.tagId, 'renamed'),
  },
  deleteTag: {
    ability: 'tag.delete',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => deleteTag(deps(), a, f.tagId),
  },
  tagContacts: {
    ability: 'tag.apply',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => tagContacts(deps(), a, f.tagId, [f.contact.id]),
  },
  untagContact: {
    ability: 'tag.apply',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => untagContact(deps(), a, f.tagId, f.contact.id),
  },

  // contact-imports.ts — owners only (contactImport.import).
  ...importCommands(() => ({ ctx, deps: deps(), importId }), UNREAD_FILE),

  ...contactFieldAuthorizeCases(deps, () => ctx.db),

  ...consentAuthorizeCases(deps, () => ctx.db),
  ...segmentAuthorizeCases(deps, () => ctx.db),
  ...campaignAuthorizeCases(deps, () => campaignId),
  ...campaignReportAuthorizeCases(deps, () => campaignId),
  ...aiAuthorizeCases(deps),
  ...aiBotAuthorizeCases(deps),

  // saved-message.ts — everyone reads; owners write.
  ...savedMessageAuthorizeCases(deps as never, () => ctx.db, UNREAD_FILE as ReceivedFile),

  // contact-panel.ts, update-contact.ts — any teammate, except deleting (owners).
  contactStats: {
    ability: 'contact.view',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => contactStats(ctx.db, a, f.contact.id),
  },
  contactMedia: {
    ability: 'contact.view',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => contactMedia(ctx.db, a, f.contact.id, 'media', 10),
  },
  setContactState: {
    ability: 'contact.archive / contact.block',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => setContactState(deps(), a, f.contact.id, { archived: true, blocked: true }),
  },
  deleteContact: {
    ability: 'contact.delete',
    refuses: ['member', 'outsider', 'teamless'],
    run: (a, f) => deleteContact(deps(), a, f.contact.id),
  },
  updateContact: {
    ability: 'contact.update',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => updateContact(deps(), a, f.contact.id, { notes: 'changed' }),
  },

  // assign-contacts.ts — giving a contact to someone else is for owners.
  assignContact: {
    ability: 'assignment.assignToOthers',
    refuses: ['member', 'outsider', 'teamless'],
    // A member gives it to the owner; the other team's owner takes it (not in their account); a user in
    // no team unassigns it (there is no team to find an assignee in).
    run: (a, f) =>
      assignContact(deps(), a, f.contact.id, !a.teamId ? null : a.role === 'owner' ? a.id : f.owner.id),
  },
  assignContacts: {
    ability: 'assignment.unassign',
    refuses: ['member', 'outsider', 'teamless'],
    run: async (a, f) => {
      // Bulk answers list refusals instead of throwing; their codes are typed.
      const [first] = (await assignContacts(deps(), a, [f.contact.id], null)).failed;
      if (first) throw new HttpError(first.code === 'not_found' ? 404 : 403, first.code, first.message);
    },
  },

  ...contactsPageCommands(deps),
  // Templates — any teammate of the account.
  createTemplate: {
    ability: 'template.create',
    refuses: ['teamless'],
    run: (a) =>
      createTemplate(deps() as never, a, {
        name: 'registry_new',
        category: 'UTILITY',
        language: 'en_US',
        body: 'Hello',
      } as never),
  },
  sendTemplateMessage: {
    ability: 'template.send',
    refuses: ['outsider', 'teamless'],
    run: (a, f) =>
      sendTemplateMessage(deps() as never, a, f.contact, {
        templateId: f.templateId,
        clientRef: `registry-${a.id}`,
        parameters: { body: [], header: [] },
      }),
  },

  // Team — owners invite, resend and remove.
  inviteMember: {
    ability: 'team.invite',
    refuses: ['member', 'outsider', 'teamless'],
    run: (a, f) =>
      inviteMember(ctx.db, {
        actor: a,
        input: { email: 'registry-new@example.com', role: 'member', teamId: f.owner.teamId },
        publicUrl: PUBLIC_URL,
      }),
  },
  resendInvitation: {
    ability: 'member.resend',
    refuses: ['member', 'outsider', 'teamless'],
    run: (a, f) => resendInvitation(ctx.db, { actor: a, memberId: f.invitedId, publicUrl: PUBLIC_URL }),
  },
  // The team's settings — owners only; the owner of another team sets their own team's zone.
  setTeamTimeZone: {
    ability: 'team.changeSettings',
    refuses: ['member', 'teamless'],
    run: (a) => setTeamTimeZone(deps(), a, 'Asia/Tokyo'),
  },
  removeMember: {
    ability: 'member.remove',
    refuses: ['member', 'outsider', 'teamless'],
    run: (a, f) => removeMember(deps(), { actor: a, memberId: f.memberRowId }),
  },

  // Outbound — any teammate of the contact's account; the window and the message's state decide.
  sendTextMessage: {
    ability: 'contact.sendFreeform',
    refuses: ['outsider', 'teamless'],
    run: (a, f) =>
      sendTextMessage(deps() as never, a, f.contact, { clientRef: `registry-text-${a.id}`, text: 'hi' }),
  },
  sendRichMessage: {
    ability: 'contact.sendFreeform',
    refuses: ['outsider', 'teamless'],
    run: (a, f) =>
      sendRichMessage(deps() as never, a, f.contact, {
        type: 'location',
        clientRef: `registry-rich-${a.id}`,
        latitude: 1,
        longitude: 2,
      }),
  },
  sendMediaMessage: {
    ability: 'contact.sendFreeform',
    refuses: ['outsider', 'teamless'],
    run: (a, f) =>
      sendMediaMessage(
        deps() as never,
        a,
        f.contact,
        { clientRef: `registry-media-${a.id}`, caption: '' },
        { file: UNREAD_FILE, thumbnail: null, declaredSize: null },
      ),
  },
  retryMessage: {
    ability: 'message.retry',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => retryMessage(deps() as never, a, f.failed, f.contact),
  },
  reactToMessage: {
    ability: 'message.react',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => reactToMessage(deps() as never, a, f.incoming, f.contact, '👍'),
  },
  markMessageRead: {
    ability: 'message.markRead',
    refuses: ['outsider', 'teamless'],
    run: (a, f) => markMessageRead(deps() as never, a, f.incoming),
  },
};

/**
 * Exports of the command files that are not commands an actor runs against a team's rows, each with
 * why it needs no policy. Anything exported and in neither list fails the coverage test.
 */
const NOT_TEAM_COMMANDS: Record<string, string> = {
  acceptInvitation: 'the link secret is the authority; the signed-in address must be the invited one',
  acceptInvitationInTx: 'acceptInvitation (and sign-up with a secret) inside their transaction',
  previewInvitation: 'public: whoever holds the link secret',
  completeOnboarding: "the signed-in user's own profile",
  connectWithCode: 'a signed-in user connects a number for themself',
  connectWithToken: 'a signed-in user connects a number for themself',
  newInvitationSecret: 'helper: makes a secret',
  findOpenInvitation: 'helper: looks an invitation up by its secret',
  belongsToATeam: 'helper: a read',
  inviterName: 'helper: a read',
  hasAccount: 'helper: a read',
  mailInvitation: 'helper: runs inside inviteMember / resendInvitation after they authorized',
  lockTeamWithinBudget: 'helper: runs inside inviteMember / resendInvitation after they authorized',
  requestPasswordReset: 'public: the mailbox is the authority',
  passwordResetEmail: 'helper: builds an e-mail',
  resetPassword: 'public: the mailed token is the authority',
  signIn: 'public: the password is the authority',
  signUp: 'public',
  updateProfile: "the signed-in user's own profile",
  loadContact: 'helper: the account-scoped loader the contact commands use',
  requireActiveAssignee: 'helper: runs inside assignContacts / bulkContacts after they authorized',
  ContactExistsError: 'an error class, not a command',
  findByClientRef: 'helper: a read scoped to the sender’s account',
  requireWindowOpen: 'helper: the sendFreeform authorization the send commands call',
  quotedExternalId:
    'helper: the quoted message’s wamid, scoped to the contact the command already authorized',
  recordOutgoing: 'helper: runs inside a send command after it authorized',
  createdChanges: 'helper: builds change records',
  resolveSegmentFilter: 'helper: an account-scoped read for campaigns, which authorize their own actor',
  loadCampaign: 'helper: the account-scoped loader the campaign commands use before they authorize',
};

const OUTBOUND_COMMAND_FILES = ['send-message.ts', 'send-rich.ts', 'react.ts', 'mark-read.ts'];

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCommandFixture(ctx);
  importId = await insertRegistryImport(ctx.db, fx.owner);
  campaignId = await insertRegistryCampaign(ctx.db, fx.owner);
});
afterAll(() => ctx.close());

/** Every row a refused command could have touched. */
async function snapshot() {
  const tables = [
    contacts,
    messages,
    reactions,
    tags,
    contactTags,
    savedMessages,
    teamMembers,
    templates,
    contactFields,
    contactFieldValues,
    consentKeywords,
    contactSegments,
    contactImports,
    campaigns,
    aiSettings,
    teams,
  ];
  const rows = await Promise.all(tables.map((t) => ctx.db.select().from(t)));
  return rows.map((list) => list.map((r) => JSON.stringify(r)).sort());
}

describe('every command authorizes its actor', () => {
  for (const [name, command] of Object.entries(COMMANDS)) {
    for (const who of command.refuses) {
      it(`${name} refuses ${who === 'outsider' ? 'the owner of another team' : `a ${who} user`} (${command.ability})`, async () => {
        const before = await snapshot();
        const error = await command.run(fx.actors[who], fx).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, `${name} as ${who} should be refused`).toBeInstanceOf(HttpError);
        expect([403, 404], `${name} as ${who}: ${(error as Error).message}`).toContain(
          (error as HttpError).statusCode,
        );
        expect(await snapshot(), `${name} as ${who} changed rows`).toEqual(before);
      });
    }
  }

  it('lists every exported function of server/commands/*.ts and the outbound commands', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const files = [
      ...readdirSync(here)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => path.join(here, f)),
      ...OUTBOUND_COMMAND_FILES.map((f) => path.join(here, '../outbound', f)),
    ];
    const missing: string[] = [];
    for (const file of files) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== 'function') continue;
        if (!(name in COMMANDS) && !(name in NOT_TEAM_COMMANDS))
          missing.push(`${path.basename(file)}: ${name}`);
      }
    }
    expect(missing, 'commands without an authorization check in this test').toEqual([]);
  });
});
