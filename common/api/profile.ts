/**
 * The profile API (`/api/profile`): the signed-in user's name, company, phone and website, edited on
 * the Settings Profile tab with the onboarding rules and messages (spec §5 "Onboarding").
 */
import { type OnboardingBody, onboardingSchema, type Profile } from './auth';

/** PUT /api/profile: the onboarding fields, checked in the onboarding order with its messages. */
export const updateProfileSchema = onboardingSchema;
export type UpdateProfileBody = OnboardingBody;

/** GET and PUT /api/profile. `profile` is null until one is saved (invited teammates skip onboarding). */
export type ProfileResponse = { email: string; profile: Profile | null };
