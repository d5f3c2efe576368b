import type { OnboardingBody } from '@common/api/auth';
import { MSG } from '@common/messages';
import { fullPhoneNumber, normalizeWebsite } from '@common/validation';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { userProfiles } from '../db/schema';
import { conflict } from '../lib/http-errors';

/** Stores the user's profile once; a second attempt is the spec's 'Profile already exists' case. */
export async function completeOnboarding(
  db: Executor,
  userId: string,
  input: Required<Omit<OnboardingBody, 'businessWebsite'>> & Pick<OnboardingBody, 'businessWebsite'>,
) {
  const website = input.businessWebsite?.trim() ? normalizeWebsite(input.businessWebsite) : null;
  try {
    const [profile] = await db
      .insert(userProfiles)
      .values({
        userId,
        name: input.name.trim(),
        companyName: input.companyName.trim(),
        phoneNumber: fullPhoneNumber(input.phoneNumber, input.dialCode).replace(/\s+/g, ' '),
        businessWebsite: website && 'url' in website ? website.url : null,
      })
      .returning();
    return profile!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.profileExists, 'profile_exists');
    throw error;
  }
}
