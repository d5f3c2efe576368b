import type { MessageContent } from '@common/api/inbox';
import {
  ExternalLinkIcon,
  LayoutTemplateIcon,
  MapPinIcon,
  ShoppingCartIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { Avatar } from '../../../../components/Avatar';
import { CampaignLabel } from './CampaignLabel';
import { TextBody } from './TextBody';

type Of<K extends MessageContent['kind']> = Extract<MessageContent, { kind: K }>;

/** A shared location: a map-like tile, the place's name and address, and a link to a map. */
export function LocationBody({ content }: { content: Of<'location'> }) {
  const hasPoint = content.latitude !== null && content.longitude !== null;
  // The customer's phone sends the url: only a web address becomes a link (never javascript: or data:).
  const webUrl = content.url && /^https?:\/\//i.test(content.url) ? content.url : null;
  const mapUrl =
    webUrl ??
    (hasPoint
      ? `https://www.openstreetmap.org/?mlat=${content.latitude}&mlon=${content.longitude}#map=16/${content.latitude}/${content.longitude}`
      : null);
  return (
    <div className="w-[280px] max-w-full overflow-hidden rounded-md bg-white/60 ring-1 ring-slate-900/5">
      <div
        className="relative flex h-28 items-center justify-center bg-[#e8efe3]"
        style={{
          backgroundImage:
            'linear-gradient(90deg, rgb(255 255 255 / 0.7) 2px, transparent 2px), linear-gradient(rgb(255 255 255 / 0.7) 2px, transparent 2px), linear-gradient(35deg, transparent 46%, #f6e7b0 46%, #f6e7b0 54%, transparent 54%)',
          backgroundSize: '38px 38px, 38px 38px, 100% 100%',
        }}
        aria-hidden="true"
      >
        <MapPinIcon className="size-9 fill-red-500 text-red-700 drop-shadow" />
      </div>
      <div className="px-3 py-2">
        <p className="text-sm font-medium text-slate-900">{content.name ?? 'Shared location'}</p>
        {content.address && <p className="mt-0.5 text-xs text-slate-600">{content.address}</p>}
        {hasPoint && (
          <p className="mt-0.5 text-[11px] text-slate-600 tabular-nums">
            {content.latitude?.toFixed(5)}, {content.longitude?.toFixed(5)}
          </p>
        )}
        {mapUrl && (
          <a
            href={mapUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="mt-1.5 inline-flex items-center gap-1 text-xs font-medium text-sky-700 hover:underline"
          >
            Open map <ExternalLinkIcon className="size-3.5" />
          </a>
        )}
      </div>
    </div>
  );
}

/** One or more shared contact cards: name, organisation, numbers and e-mails. */
export function ContactsBody({ content }: { content: Of<'contacts'> }) {
  return (
    <div className="flex w-[280px] max-w-full flex-col gap-2">
      {content.cards.map((card, index) => {
        const name =
          card.formattedName || [card.firstName, card.lastName].filter(Boolean).join(' ') || 'Unknown';
        const org = [card.org?.title, card.org?.company].filter(Boolean).join(' · ');
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: cards of one immutable message
            key={index}
            className="rounded-md bg-slate-900/[0.045] p-2.5"
          >
            <div className="flex items-center gap-2.5">
              <Avatar id={name} name={name} size="sm" />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{name}</p>
                {org && <p className="truncate text-xs text-slate-500">{org}</p>}
              </div>
            </div>
            {(card.phones.length > 0 || card.emails.length > 0) && (
              <ul className="mt-2 space-y-1 border-t border-slate-900/5 pt-2 text-xs">
                {card.phones.map((p) => (
                  <li key={`p-${p.phone}`} className="flex justify-between gap-2">
                    <a
                      href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}
                      className="text-sky-700 hover:underline"
                    >
                      {p.phone}
                    </a>
                    {p.type && <span className="text-slate-400 capitalize">{p.type.toLowerCase()}</span>}
                  </li>
                ))}
                {card.emails.map((e) => (
                  <li key={`e-${e.email}`} className="flex justify-between gap-2">
                    <a href={`mailto:${e.email}`} className="truncate text-sky-700 hover:underline">
                      {e.email}
                    </a>
                    {e.type && <span className="text-slate-400 capitalize">{e.type.toLowerCase()}</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}

function ReplyChip({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-[160px]">
      <p className="mb-1 text-[11px] font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      {children}
    </div>
  );
}

/** What a customer tapped: a reply button, a list row, or a submitted form. */
export function InteractiveBody({ content }: { content: Of<'interactive'> }) {
  const reply = content.reply;
  if (reply.type === 'button_reply') {
    return (
      <ReplyChip label="Button reply">
        <span className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-medium text-sky-800 ring-1 ring-sky-200">
          {reply.title}
        </span>
      </ReplyChip>
    );
  }
  if (reply.type === 'list_reply') {
    return (
      <ReplyChip label="List reply">
        <p className="text-sm font-medium text-slate-900">{reply.title}</p>
        {reply.description && <p className="text-xs text-slate-600">{reply.description}</p>}
      </ReplyChip>
    );
  }
  if (reply.type === 'nfm_reply') {
    const fields =
      reply.responseJson && typeof reply.responseJson === 'object'
        ? Object.entries(reply.responseJson as Record<string, unknown>).filter(
            ([key]) => key !== 'flow_token',
          )
        : [];
    return (
      <ReplyChip label={reply.name ? `Form: ${reply.name}` : 'Form response'}>
        {reply.body && <TextBody text={reply.body} />}
        {fields.length > 0 && (
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
            {fields.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-slate-500">{key}</dt>
                <dd className="break-words text-slate-800">
                  {typeof value === 'string' ? value : JSON.stringify(value)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </ReplyChip>
    );
  }
  return <p className="text-sm text-slate-500 italic">Interactive message</p>;
}

/** A tapped quick-reply button of a template. */
export function ButtonBody({ content }: { content: Of<'button'> }) {
  return (
    <ReplyChip label="Button reply">
      <span className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-medium text-sky-800 ring-1 ring-sky-200">
        {content.text || content.payload}
      </span>
    </ReplyChip>
  );
}

function money(amount: number, currency: string | null): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency ?? 'USD' }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

/** An order from the catalogue: items, quantities and the total when prices are known. */
export function OrderBody({ content }: { content: Of<'order'> }) {
  const count = content.items.reduce((sum, item) => sum + item.quantity, 0);
  const priced = content.items.every((i) => i.itemPrice !== null);
  const currency = content.items[0]?.currency ?? null;
  const total = content.items.reduce((sum, i) => sum + (i.itemPrice ?? 0) * i.quantity, 0);
  return (
    <div className="w-[280px] max-w-full">
      <div className="flex items-center gap-2.5 rounded-md bg-slate-900/[0.045] p-2.5">
        <span className="flex size-10 items-center justify-center rounded-md bg-white text-brand-700 ring-1 ring-slate-900/5">
          <ShoppingCartIcon className="size-5" />
        </span>
        <div>
          <p className="text-sm font-medium text-slate-900">
            Order · {count} {count === 1 ? 'item' : 'items'}
          </p>
          {priced && content.items.length > 0 && (
            <p className="text-xs text-slate-600">{money(total, currency)}</p>
          )}
        </div>
      </div>
      <ul className="mt-2 space-y-0.5 text-xs text-slate-700">
        {content.items.map((item) => (
          <li key={item.productRetailerId} className="flex justify-between gap-2">
            <span className="truncate">
              {item.quantity} × {item.productRetailerId}
            </span>
            {item.itemPrice !== null && (
              <span className="tabular-nums">{money(item.itemPrice, item.currency)}</span>
            )}
          </li>
        ))}
      </ul>
      {content.text && <TextBody text={content.text} className="mt-1.5" />}
    </div>
  );
}

/** A message type WhatsApp could not deliver to the API. */
export function UnsupportedBody({ content }: { content: Of<'unsupported'> }) {
  const detail = content.errors[0]?.details || content.errors[0]?.title;
  return (
    <div className="flex items-start gap-2 text-sm text-slate-600">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
      <div>
        <p className="italic">
          {content.unsupportedType
            ? `Unsupported message (${content.unsupportedType})`
            : 'Unsupported message'}
        </p>
        <p className="text-xs text-slate-500">{detail || 'Open WhatsApp on the phone to see it.'}</p>
      </div>
    </div>
  );
}

/** An approved template we sent: its name and the text the customer received. */
export function TemplateBody({ content }: { content: Of<'template'> }) {
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-center gap-x-2.5 gap-y-0.5">
        {content.campaign && <CampaignLabel campaign={content.campaign} />}
        <p className="inline-flex items-center gap-1 text-[11px] font-medium text-slate-500">
          <LayoutTemplateIcon className="size-3.5" /> Template · {content.name}
        </p>
      </div>
      <TextBody text={content.body} />
    </div>
  );
}
