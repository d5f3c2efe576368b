import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/db/client';
import { teamMembers, teams, whatsappAccounts } from '../server/db/schema';
import { sessionCookie } from '../server/test/factories';

export type BenchUser = { id: string; email: string; cookie: string };

/**
 * The team the benches measure as: an owner and `memberCount` members signed up through the real
 * route (their cookies sign the requests), one connected account and the team over it.
 */
export async function seedBenchTeam(app: FastifyInstance, db: Database, memberCount: number) {
  const signUp = async (email: string): Promise<BenchUser> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: 'bench-secret', confirmPassword: 'bench-secret' },
    });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
    return { id: res.json().user.id as string, email, cookie: sessionCookie(res.headers['set-cookie']) };
  };
  const owner = await signUp('owner@bench.example');
  const members: BenchUser[] = [];
  for (let i = 1; i <= memberCount; i++) members.push(await signUp(`member${i}@bench.example`));
  const [account] = await db
    .insert(whatsappAccounts)
    .values({
      userId: owner.id,
      phoneNumberId: '100000000000001',
      wabaId: '200000000000001',
      businessName: 'Bench',
    })
    .returning();
  const accountId = account!.id;
  const [team] = await db.insert(teams).values({ name: 'Bench', whatsappAccountId: accountId }).returning();
  await db.insert(teamMembers).values([
    { teamId: team!.id, userId: owner.id, email: owner.email, role: 'owner', status: 'active' },
    ...members.map((m) => ({
      teamId: team!.id,
      userId: m.id,
      email: m.email,
      role: 'member' as const,
      status: 'active' as const,
    })),
  ]);
  return { owner, members, accountId, teamId: team!.id };
}
