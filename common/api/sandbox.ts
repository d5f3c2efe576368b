/**
 * The sandbox's customer phone API (/sandbox/api): what the server presents and the /sandbox page
 * reads. Declared once here so the two cannot drift.
 */
export type PhoneNumber = {
  id: string;
  wabaId: string;
  businessId: string;
  businessName: string;
  displayPhoneNumber: string;
  verifiedName: string;
  createdAt: string;
};

export type Party = 'customer' | 'business';

export type CustomerSummary = {
  waId: string;
  name: string;
  unread: number;
  lastMessage: { preview: string; from: Party; status: string; timestamp: string } | null;
};

export type RenderedTemplate = {
  header:
    | { kind: 'text'; text: string }
    | {
        kind: 'image' | 'video' | 'document';
        mediaId: string | null;
        /** The sent file's type and (documents) name, kept when the send is accepted. */
        mimeType?: string;
        filename?: string | null;
      }
    | null;
  body: string;
  footer: string | null;
  buttons: { type: string; text: string }[];
};

/** A reply-button, list or link-button message as the phone shows it (stored as sent, validated). */
export type InteractiveContent = {
  type: 'button' | 'list' | 'cta_url';
  header:
    | { type: 'text'; text: string }
    | {
        type: 'image' | 'video' | 'document';
        /** The file once known (uploaded id, or fetched from a link). */
        mediaId: string | null;
        mimeType?: string;
        filename?: string | null;
      }
    | null;
  body: string;
  footer: string | null;
  buttons?: { id: string; title: string }[];
  list?: {
    button: string;
    sections: { title: string | null; rows: { id: string; title: string; description: string | null }[] }[];
  };
  cta?: { displayText: string; url: string };
};

/** A shared contact card (Meta's contact object, the parts the phone shows). */
export type ContactCard = {
  name: { formatted_name: string; first_name?: string; last_name?: string };
  phones?: { phone?: string; wa_id?: string; type?: string }[];
  emails?: { email?: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
  urls?: { url?: string; type?: string }[];
  addresses?: Record<string, string>[];
  birthday?: string;
};

/** A customer's tap on a reply button or list row. */
export type InteractiveReply =
  | { type: 'button_reply'; button_reply: { id: string; title: string } }
  | { type: 'list_reply'; list_reply: { id: string; title: string; description?: string } };

export type ChatMessage = {
  id: string;
  from: Party;
  type: string;
  text: string | null;
  media: {
    id: string;
    url: string;
    kind: string;
    mimeType: string;
    filename: string | null;
    caption: string | null;
    /** An audio recorded as a voice note (`voice: true`), not an audio file. */
    voice: boolean;
  } | null;
  template: RenderedTemplate | null;
  interactive: InteractiveContent | null;
  contacts: ContactCard[] | null;
  /** The customer's answer to an interactive message (their tap), shown as its title. */
  reply: InteractiveReply | null;
  location: { latitude: number; longitude: number; name?: string; address?: string; url?: string } | null;
  reactions: { emoji: string; from: Party }[];
  context: { id: string; from: Party; preview: string } | null;
  status: string;
  timestamp: string;
};

export type Chat = {
  customer: { waId: string; name: string };
  now: string;
  window: { open: boolean; closesAt: string | null };
  messages: ChatMessage[];
};

export type FailNextSends = { code: 429 | 500 | 131047; count: number };

export type Settings = {
  duplicateDeliveries: boolean;
  batchUpdates: boolean;
  outOfOrderStatuses: boolean;
  failNextSends: FailNextSends | null;
  clockOffsetSeconds: number;
  templateReviewSeconds: number;
  /** Sends per number per second before 130429; null: no limit. */
  messagesPerSecond: number | null;
  /** When business messages' statuses come: at once, or at delays like real phones'. */
  statusDelays: 'instant' | 'realistic';
  /** Percent (0–100) of template recipients whose message fails with 131049 (marketing limit). */
  marketingLimitShare: number;
  /** Percent (0–100) of template recipients whose message fails with 131026 (undeliverable). */
  undeliverableShare: number;
  /** Percent (0–100) of template recipients who got it that read it. */
  readShare: number;
  /** Percent (0–100) of template recipients who got it that reply (readers only). */
  replyShare: number;
  /** How long the sandbox waits for a media `link` before the message fails with 131053. */
  linkFetchTimeoutSeconds: number;
};

export type SettingsView = { settings: Settings; now: string };

export type TemplateSummary = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejectedReason: string | null;
  /** The sample of an image/video/document header (uploaded with the Resumable Upload API). */
  headerSample: { kind: string; url: string } | null;
};

export type SignupResult = {
  code: string;
  event: 'FINISH';
  data: { phone_number_id: string; waba_id: string; business_id: string };
  phoneNumber: PhoneNumber;
};

/** A failed call with the server's message when it sent one. */
