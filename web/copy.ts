/**
 * Screen texts from the product spec (word for word) that are only shown by the web and are not in
 * common/messages.ts. Shared texts (validation, API errors) come from MSG in @common/messages.
 */
export const COPY = {
  earlyAccessThanksTitle: 'Thanks for your interest!',
  earlyAccessThanksText: "We'll be in touch soon!",

  signIn: 'Sign in',
  signingIn: 'Signing in...',
  createAccountLink: 'create a new account',
  signUp: 'Sign up',
  creatingAccount: 'Creating account...',
  resetEmailSent: 'If an account exists for that address, we sent a link to reset your password.',

  onboardingTitle: 'Complete your profile',
  continueToSetup: 'Continue to Setup',
  savingProfile: 'Saving Profile...',

  connectTitle: 'Connect with Facebook',
  connectSubtitle: 'Connect your WhatsApp Business account to get started',
  connectExpired: 'Your WhatsApp connection has expired. Please reconnect to continue using the app.',
  continueWithFacebook: 'Continue with Facebook',
  connecting: 'Connecting...',
  connectWithTokenInstead: 'Connect with an access token instead',

  finalizingLogin: 'Finalizing Login',
  returnToLogin: 'Return to Login',
  callbackTimeout: 'Login process timed out after 20 seconds. Please try again.',
  callbackUnexpected: 'Unexpected error occurred.',
  callbackTokensMissing: 'Access token or refresh token missing in URL',
  /** The spec's 'Failed to establish Supabase session', without the old hosted backend's name. */
  callbackSessionFailed: 'Failed to establish session',

  accountSetupIncomplete: 'Account Setup Incomplete',
  accountLoadFailed:
    'Your WhatsApp Business account could not be loaded. This might be due to a temporary issue.',
  teamAccountNotFound: 'Team WhatsApp account not found. Please contact your team admin.',
  tryAgain: 'Try Again',
  signInAgain: 'Sign In Again',

  selectContact: 'Select a contact to start chatting',
  chooseFromList: 'Choose from your contacts list on the left',
  noWhatsAppAccount: 'No WhatsApp account configured yet.',

  // Chats (spec §2, §8); the API's own texts are INBOX_MSG in @common/api/inbox.
  tabUnassigned: 'Unassigned',
  tabMine: 'Assigned to Me',
  tabTeam: 'Assigned to Team',
  filterByTags: 'Filter by tags',
  clearAllFilters: 'Clear all filters',
  noTagsAvailable: 'No tags available',
  loadingTags: 'Loading tags...',
  failedToLoadTags: 'Failed to load tags',
  failedToLoadContacts: 'Failed to load contacts',
  replyingTo: 'Replying to',
  sendTemplateMessage: 'Send Template Message',
  createNewTemplate: 'Create New Template',
  failedToLoadTemplates: 'Failed to load templates',
  failedToLoadImage: 'Failed to load image',
  failedToProcessImage: 'Failed to process image. Please try another one.',
  failedToLoadVideo: 'Failed to load video',
  failedToGenerateVideoThumbnail: 'Failed to generate video thumbnail. Please try another video.',
  failedToProcessVideo: 'Failed to process video. Please try another one.',
  failedToProcessDocument: 'Failed to process document. Please try another one.',
  documentDownloadUnavailable: 'Document download temporarily unavailable. Please try again later.',
  failedToDownloadDocument: 'Failed to download document. Please try again.',
  downloading: 'Downloading...',

  backToHome: 'Back to Home',
} as const;
