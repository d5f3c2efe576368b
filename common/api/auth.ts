import { z } from 'zod';
import type { AccessKind } from '../guards';
import { MSG } from '../messages';
import { isValidEmail, PASSWORD_MIN_LENGTH, validateOnboarding } from '../validation';
import { invitationTokenField } from './invitations';

const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(320)
  .refine(isValidEmail, MSG.invalidEmail)
  .transform((v) => v.toLowerCase());

export const signUpSchema = z
  .object({
    email,
    password: z.string({ error: MSG.passwordRequired }).max(1024),
    /** Optional on the API; when given it must match, as on the screen. */
    confirmPassword: z.string().max(1024).optional(),
    /** From an invitation link: the new account joins that team in the same step (or nothing is made). */
    invitationToken: invitationTokenField,
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
    } else if (v.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordTooShort });
    }
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(16).max(200),
    password: z.string().max(1024),
    confirmPassword: z.string().max(1024).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
    } else if (v.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordTooShort });
    }
  });

export const onboardingSchema = z
  .object({
    name: z.string().max(200).default(''),
    companyName: z.string().max(200).default(''),
    phoneNumber: z.string().max(40).default(''),
    dialCode: z
      .string()
      .max(8)
      .regex(/^(\+\d{1,4})?$/, 'Invalid dial code')
      .default(''),
    businessWebsite: z.string().max(300).nullish(),
  })
  .superRefine((v, ctx) => {
    const problem = validateOnboarding(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type OnboardingBody = z.input<typeof onboardingSchema>;

export const earlyAccessSchema = z.object({
  name: z.string().trim().min(1, MSG.earlyAccessRequired('Name')).max(200),
  email,
  company: z.string().trim().min(1, MSG.earlyAccessRequired('Company')).max(200),
  whatsappNumber: z.string().trim().min(1, MSG.earlyAccessRequired('WhatsApp Number')).max(40),
});
export type EarlyAccessInput = z.infer<typeof earlyAccessSchema>;

export type SessionUser = { id: string; email: string };
export type Profile = {
  name: string;
  companyName: string;
  phoneNumber: string;
  businessWebsite: string | null;
};
export type AccountSummary = {
  id: string;
  displayPhoneNumber: string | null;
  businessName: string | null;
  /** True when the stored access token's expiry has passed: the connect page asks to reconnect. */
  tokenExpired: boolean;
};

/** GET /api/session: everything the guards and the app shell need, in one call. */
export type SessionResponse = {
  user: SessionUser | null;
  profile: Profile | null;
  access: {
    kind: AccessKind;
    teamId: string | null;
    role: 'owner' | 'member' | null;
    account: AccountSummary | null;
  };
  features: {
    sandbox: boolean;
    devOutbox: boolean;
    embeddedSignup: boolean;
    /** Meta app id and embedded-signup configuration for the Facebook JS SDK; null when not configured. */
    facebook: { appId: string; configId: string } | null;
  };
};

/** Error bodies of every API route. */
export type ApiError = { error: string; message: string; field?: string };

export type SignUpResponse = { user: SessionUser; joinedTeam: boolean; next: string };
export type SignInResponse = { user: SessionUser; next: string };
