import {
  ContactRoundIcon,
  ExternalLinkIcon,
  FileTextIcon,
  ImageIcon,
  ListIcon,
  MapPinIcon,
  PaperclipIcon,
  SquareMousePointerIcon,
  VideoIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Spinner } from '../../../../components/Spinner';
import type { AttachKind } from '../../attachments';

export type PickableKind =
  | Exclude<AttachKind, 'audio'>
  | 'buttons'
  | 'list'
  | 'cta_url'
  | 'location'
  | 'contacts';

const OPTIONS: { kind: PickableKind; label: string; icon: ReactNode; tone: string }[] = [
  { kind: 'image', label: 'Photo', icon: <ImageIcon className="size-4.5" />, tone: 'bg-sky-500' },
  { kind: 'video', label: 'Video', icon: <VideoIcon className="size-4.5" />, tone: 'bg-rose-500' },
  { kind: 'document', label: 'Document', icon: <FileTextIcon className="size-4.5" />, tone: 'bg-violet-500' },
  { kind: 'location', label: 'Location', icon: <MapPinIcon className="size-4.5" />, tone: 'bg-emerald-600' },
  { kind: 'contacts', label: 'Contact', icon: <ContactRoundIcon className="size-4.5" />, tone: 'bg-sky-700' },
  {
    kind: 'buttons',
    label: 'Reply buttons',
    icon: <SquareMousePointerIcon className="size-4.5" />,
    tone: 'bg-amber-600',
  },
  { kind: 'list', label: 'List', icon: <ListIcon className="size-4.5" />, tone: 'bg-teal-600' },
  {
    kind: 'cta_url',
    label: 'Link button',
    icon: <ExternalLinkIcon className="size-4.5" />,
    tone: 'bg-indigo-500',
  },
];

/**
 * The paperclip: a React Aria menu of Photo, Video, Document, Location, Contact, Reply buttons, List and
 * Link button (arrows, Enter, Escape, typeahead).
 */
export function AttachMenu({ busy, onPick }: { busy: boolean; onPick: (kind: PickableKind) => void }) {
  return (
    <MenuTrigger>
      <Button
        aria-label="Attach"
        isDisabled={busy}
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 outline-none transition-colors hover:bg-slate-200 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500/60 data-[pressed]:text-brand-700"
      >
        {busy ? <Spinner className="size-5" /> : <PaperclipIcon className="size-5.5" />}
      </Button>
      <Popover
        placement="top start"
        offset={8}
        className="w-48 rounded-xl bg-white p-1.5 shadow-pop ring-1 ring-slate-900/10 outline-none data-[entering]:animate-pop-in"
      >
        <Menu aria-label="Attach" onAction={(key) => onPick(key as PickableKind)} className="outline-none">
          {OPTIONS.map((option) => (
            <MenuItem
              key={option.kind}
              id={option.kind}
              textValue={option.label}
              className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none data-[focused]:bg-slate-100"
            >
              <span
                className={`flex size-8 items-center justify-center rounded-full text-white ${option.tone}`}
              >
                {option.icon}
              </span>
              {option.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
