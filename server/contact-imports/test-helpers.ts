import type { StartImportInput } from '@common/api/contact-imports';
import pino from 'pino';
import { teamMembers } from '../db/schema';
import { connectTestAccount, signUpUser } from '../test/factories';
import type { TestContext } from '../test/harness';

/** An owner with a connected number, a member of the same team, and the account id. */
export async function importTeam(ctx: TestContext, numbers?: { phoneNumberId: string; wabaId: string }) {
  const o = await signUpUser(ctx.app);
  const { account, team } = await connectTestAccount(ctx, { id: o.body.user.id, email: o.email }, numbers);
  const m = await signUpUser(ctx.app);
  await ctx.db
    .insert(teamMembers)
    .values({ teamId: team.id, userId: m.body.user.id, email: m.email, role: 'member', status: 'active' });
  return { owner: o.cookie, member: m.cookie, accountId: account.id, teamId: team.id };
}

export function multipartBody(filename: string, data: Buffer | string) {
  const boundary = `----sbimport${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadCsv(
  ctx: TestContext,
  cookie: string,
  data: Buffer | string,
  filename = 'contacts.csv',
) {
  const body = multipartBody(filename, data);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/contact-imports',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

export function startUpload(ctx: TestContext, cookie: string, importId: string, mapping: StartImportInput) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/contact-imports/${importId}/start`,
    headers: { cookie },
    payload: mapping,
  });
}

/** The job's dependencies from a test context. */
export const importDeps = (ctx: TestContext) => ({
  db: ctx.db,
  events: ctx.events,
  env: ctx.env,
  log: pino({ level: 'silent' }),
});
