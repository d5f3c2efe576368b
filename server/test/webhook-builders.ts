import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';

/** A business number as webhooks name it; the fixture account unless a test connected its own. */
export type WebhookNumber = { wabaId: string; phoneNumberId: string; displayPhoneNumber: string };

function envelope(value: Record<string, unknown>, number: WebhookNumber = FIXTURE_ACCOUNTS.primary) {
  const metadata = { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId };
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata, ...value } }],
      },
    ],
  };
}

/** A customer's text message as Meta delivers it (to `number`, by default the fixture account). */
export function inboundText(opts: {
  wamid: string;
  from: string;
  name: string;
  body: string;
  at: number;
  number?: WebhookNumber;
}) {
  return envelope(
    {
      contacts: [{ profile: { name: opts.name }, wa_id: opts.from }],
      messages: [
        {
          from: opts.from,
          id: opts.wamid,
          timestamp: String(opts.at),
          type: 'text',
          text: { body: opts.body },
        },
      ],
    },
    opts.number,
  );
}

/** A status webhook for a business message. */
export function outboundStatus(opts: { wamid: string; to: string; status: string; at: number }) {
  const status: Record<string, unknown> = {
    id: opts.wamid,
    status: opts.status,
    timestamp: String(opts.at),
    recipient_id: opts.to,
  };
  if (opts.status === 'failed') {
    status.errors = [
      {
        code: 131026,
        title: 'Message undeliverable',
        message: 'Message undeliverable',
        error_data: { details: 'x' },
      },
    ];
  }
  return envelope({ statuses: [status] });
}
