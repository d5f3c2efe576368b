/** User-facing texts from the product spec, word for word. One place, so server and web never drift. */
export const MSG = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  signInFailed: 'Failed to sign in. Please try again.',
  userAlreadyRegistered: 'User already registered',
  unexpectedError: 'An unexpected error occurred',
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password',
  tooManySignIns: 'Too many sign-in attempts. Please wait a minute and try again.',
  addedToTeam: 'You have been added to an existing team. Redirecting to the app...',

  mustBeLoggedIn: 'You must be logged in to complete onboarding',
  nameRequired: 'Name is required',
  companyRequired: 'Company name is required',
  phoneRequired: 'Phone number is required',
  phoneNeedsCountry: 'Please select a country code or include it manually (e.g., +1 123 456 7890)',
  phoneInvalid: 'Please enter a valid phone number',
  websiteInvalid: (host: string) => `Please enter a valid website domain (e.g., ${host})`,
  profileExists: 'Profile already exists. Redirecting to Facebook connection...',

  earlyAccessRequired: (field: string) => `${field} is required`,
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  notSignedIn: 'Please sign in to continue.',
  noAccountAccess: 'No WhatsApp account found. Please connect your WhatsApp account first.',
  ownerOnly: 'Only team owners can do this.',
} as const;
