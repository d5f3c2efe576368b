import type { UpdateProfileBody } from '@common/api/profile';
import { fullPhoneNumber, normalizeWebsite } from '@common/validation';
import type { Executor } from '../db/client';
import { userProfiles } from '../db/schema';

type ProfileRow = typeof userProfiles.$inferSelect;

/**
 * Saves the signed-in user's profile from the Settings Profile tab: the same fields, rules and stored
 * forms as onboarding (full number with its dial code, website with its scheme). Creates the profile
 * when there is none yet (invited teammates skip onboarding).
 */
export async function updateProfile(
  db: Executor,
  userId: string,
  input: Required<Omit<UpdateProfileBody, 'businessWebsite'>> & Pick<UpdateProfileBody, 'businessWebsite'>,
): Promise<ProfileRow> {
  const website = input.businessWebsite?.trim() ? normalizeWebsite(input.businessWebsite) : null;
  const values = {
    name: input.name.trim(),
    companyName: input.companyName.trim(),
    phoneNumber: fullPhoneNumber(input.phoneNumber, input.dialCode).replace(/\s+/g, ' '),
    businessWebsite: website && 'url' in website ? website.url : null,
    updatedAt: new Date(),
  };
  const [profile] = await db
    .insert(userProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfiles.userId, set: values })
    .returning();
  return profile!;
}
