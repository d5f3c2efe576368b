import {
  ExternalLinkIcon,
  ListIcon,
  MapPinIcon,
  MicIcon,
  PhoneIcon,
  ReplyIcon,
  UserRoundIcon,
} from 'lucide-react';
import { useState } from 'react';
import type { ChatMessage } from '../api';

/**
 * The parts of a bubble beyond text and files, drawn as the customer's phone shows them: reply
 * buttons and lists the customer can tap, link buttons, locations, contact cards and voice notes.
 */

type Interactive = NonNullable<ChatMessage['interactive']>;

/** Degrees as a phone shows them: 37.7580° N, 122.4253° W. */
export function coordinates(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const long = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${long}`;
}

export function LocationCard({ location }: { location: NonNullable<ChatMessage['location']> }) {
  return (
    <div
      className="-mx-1 mb-1 flex min-w-56 items-start gap-2.5 rounded-md bg-black/[0.04] p-2.5"
      data-testid="sandbox-location"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[#06a884] text-white">
        <MapPinIcon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block font-medium">{location.name ?? 'Location'}</span>
        {location.address && <span className="block text-[13px] text-slate-600">{location.address}</span>}
        <span className="block text-[12px] text-slate-600">
          {coordinates(location.latitude, location.longitude)}
        </span>
      </span>
    </div>
  );
}

export function ContactCards({ contacts }: { contacts: NonNullable<ChatMessage['contacts']> }) {
  return (
    <ul className="-mx-1 mb-1 space-y-1" aria-label="Shared contacts">
      {contacts.map((card, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id and never reorder
          key={i}
          className="flex min-w-56 items-start gap-2.5 rounded-md bg-black/[0.04] p-2.5"
          data-testid="sandbox-contact"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-400 text-white">
            <UserRoundIcon className="size-5" aria-hidden />
          </span>
          <span className="min-w-0">
            <span className="block font-medium">{card.name.formatted_name}</span>
            {card.org?.company && (
              <span className="block text-[13px] text-slate-600">{card.org.company}</span>
            )}
            {(card.phones ?? []).map((p) => (
              <span
                key={`${p.phone}:${p.type}`}
                className="flex items-center gap-1 text-[13px] text-slate-600"
              >
                <PhoneIcon className="size-3" aria-hidden />
                {p.phone ?? p.wa_id}
                {p.type && <span className="text-slate-500">· {p.type.toLowerCase()}</span>}
              </span>
            ))}
            {(card.emails ?? []).map((e) => (
              <span key={e.email} className="block text-[13px] text-slate-600">
                {e.email}
              </span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A voice note: a mic and a player, unlike an attached audio file. */
export function VoiceNote({ url }: { url: string }) {
  return (
    <div className="mb-1 flex items-center gap-2" data-testid="sandbox-voice-note">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-[#06a884] text-white">
        <MicIcon className="size-4" aria-hidden />
      </span>
      <span className="sr-only">Voice message</span>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice note carries no captions track */}
      <audio src={url} controls aria-label="Voice message" className="h-9 w-52" />
    </div>
  );
}

const optionClass =
  'flex w-full items-center justify-center gap-1.5 border-t border-slate-200/80 py-2 text-[14px] font-medium text-[#026a99] hover:bg-black/[0.03] disabled:cursor-default disabled:hover:bg-transparent';

/** Header, body and footer of an interactive message (a media header is drawn as the bubble's media). */
export function InteractiveText({ interactive }: { interactive: Interactive }) {
  return (
    <>
      {interactive.header?.type === 'text' && (
        <p className="mb-0.5 font-semibold">{interactive.header.text}</p>
      )}
      <span className="break-words whitespace-pre-wrap">{interactive.body}</span>
      {interactive.footer && <p className="mt-1 text-[12.5px] text-slate-500">{interactive.footer}</p>}
    </>
  );
}

/**
 * The tappable part: reply buttons, the list's button that opens its rows, or the link button.
 * `onChoose` is null on the customer's own messages (nothing to tap).
 */
export function InteractiveActions({
  interactive,
  onChoose,
}: {
  interactive: Interactive;
  onChoose: ((optionId: string) => void) | null;
}) {
  const [open, setOpen] = useState(false);
  if (interactive.buttons) {
    return (
      <fieldset className="-mx-2 mt-2 -mb-1 min-w-0 border-0 p-0">
        <legend className="sr-only">Reply buttons</legend>
        {interactive.buttons.map((b) => (
          <button
            key={b.id}
            type="button"
            className={optionClass}
            disabled={!onChoose}
            onClick={() => onChoose?.(b.id)}
          >
            <ReplyIcon className="size-4" aria-hidden />
            {b.title}
          </button>
        ))}
      </fieldset>
    );
  }
  if (interactive.list) {
    const list = interactive.list;
    return (
      <div className="-mx-2 mt-2 -mb-1">
        <button type="button" className={optionClass} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          <ListIcon className="size-4" aria-hidden />
          {list.button}
        </button>
        {open && (
          <div className="border-t border-slate-200/80 px-2 pb-1" data-testid="sandbox-list-rows">
            {list.sections.map((section, i) => (
              <section
                // biome-ignore lint/suspicious/noArrayIndexKey: sections keep their order
                key={i}
                aria-label={section.title ?? list.button}
              >
                {section.title && (
                  <h4 className="pt-2 pb-1 text-[12px] font-semibold tracking-wide text-[#026a99] uppercase">
                    {section.title}
                  </h4>
                )}
                {section.rows.map((row) => (
                  <button
                    key={row.id}
                    type="button"
                    disabled={!onChoose}
                    onClick={() => {
                      setOpen(false);
                      onChoose?.(row.id);
                    }}
                    className="block w-full rounded-md px-2 py-1.5 text-left hover:bg-black/[0.04] disabled:cursor-default"
                  >
                    <span className="block text-[14px]">{row.title}</span>
                    {row.description && (
                      <span className="block text-[12.5px] text-slate-600">{row.description}</span>
                    )}
                  </button>
                ))}
              </section>
            ))}
          </div>
        )}
      </div>
    );
  }
  if (interactive.cta) {
    return (
      <div className="-mx-2 mt-2 -mb-1">
        <a href={interactive.cta.url} target="_blank" rel="noreferrer" className={optionClass}>
          <ExternalLinkIcon className="size-4" aria-hidden />
          {interactive.cta.displayText}
        </a>
      </div>
    );
  }
  return null;
}
