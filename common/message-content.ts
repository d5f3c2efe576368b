/**
 * What a WhatsApp message carries, normalised from the Cloud API wire format by the server's webhook
 * parser (server/whatsapp) and rendered by the inbox (web). Declared once, here, for both.
 */

/** An error as Meta reports it in a webhook (message-, status- or value-level). */
export type MetaError = {
  code: number | null;
  title: string;
  message: string;
  details: string;
  href: string | null;
};

export type InboundMedia = {
  /**
   * Meta's media id; download with GET /{id} then the URL (valid 7 days for webhook media). '' on
   * outgoing messages, whose file is the message's `media`.
   */
  id: string;
  mimeType: string | null;
  sha256: string | null;
  caption: string | null;
  filename: string | null;
  url: string | null;
};

export type ContactCard = {
  formattedName: string;
  firstName: string | null;
  lastName: string | null;
  phones: { phone: string; waId: string | null; type: string | null }[];
  emails: { email: string; type: string | null }[];
  org: { company: string | null; department: string | null; title: string | null } | null;
  urls: { url: string; type: string | null }[];
  addresses: {
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    country: string | null;
    countryCode: string | null;
    type: string | null;
  }[];
  birthday: string | null;
};

export type InteractiveReply =
  | { type: 'button_reply'; id: string; title: string }
  | { type: 'list_reply'; id: string; title: string; description: string | null }
  | {
      type: 'nfm_reply';
      name: string | null;
      body: string | null;
      /** response_json parsed; null when absent or not valid JSON (the raw string is kept next to it). */
      responseJson: unknown;
      responseJsonRaw: string | null;
    }
  | { type: 'unknown'; rawType: string | null };

/**
 * The header of an interactive message the business sends: a text, or (reply buttons only, Meta's
 * rule) an image, video or document — `mediaId` is our media row (GET /api/media/:id), uploaded to
 * Meta when the message is sent.
 */
export type InteractiveHeader =
  | { type: 'text'; text: string }
  | { type: 'image' | 'video' | 'document'; mediaId: string; filename: string | null };

/**
 * Interactive messages the business sends (issue 17; limits and words in common/api/interactive.ts).
 * Button and row ids are the server's, kept here: a customer's button_reply/list_reply carries one.
 */
export type OutgoingInteractiveContent =
  | {
      kind: 'buttons';
      header: InteractiveHeader | null;
      body: string;
      footer: string | null;
      buttons: { id: string; title: string }[];
    }
  | {
      kind: 'list';
      header: InteractiveHeader | null;
      body: string;
      footer: string | null;
      /** The label of the button that opens the list. */
      button: string;
      sections: {
        title: string | null;
        rows: { id: string; title: string; description: string | null }[];
      }[];
    }
  | {
      kind: 'cta_url';
      header: InteractiveHeader | null;
      body: string;
      footer: string | null;
      displayText: string;
      url: string;
    };

export type OrderItem = {
  productRetailerId: string;
  quantity: number;
  itemPrice: number | null;
  currency: string | null;
};

export type InboundContent =
  | { kind: 'text'; body: string }
  | { kind: 'image'; media: InboundMedia }
  | { kind: 'video'; media: InboundMedia }
  | { kind: 'document'; media: InboundMedia }
  | { kind: 'audio'; media: InboundMedia; isVoice: boolean }
  | { kind: 'sticker'; media: InboundMedia; isAnimated: boolean }
  | {
      kind: 'location';
      latitude: number | null;
      longitude: number | null;
      name: string | null;
      address: string | null;
      url: string | null;
    }
  | { kind: 'contacts'; cards: ContactCard[] }
  | { kind: 'interactive'; reply: InteractiveReply }
  | { kind: 'button'; payload: string; text: string }
  | {
      kind: 'reaction';
      targetExternalId: string;
      /** null means the customer removed their reaction (Meta sends '' or omits the emoji). */
      emoji: string | null;
    }
  | { kind: 'order'; catalogId: string | null; text: string; items: OrderItem[] }
  | {
      kind: 'system';
      systemType: string | null;
      body: string;
      /** user_changed_number: the customer's new wa_id. */
      newWaId: string | null;
      customer: string | null;
      userId: string | null;
      previousUserId: string | null;
      identityHash: string | null;
    }
  | { kind: 'unsupported'; unsupportedType: string | null; errors: MetaError[] };
