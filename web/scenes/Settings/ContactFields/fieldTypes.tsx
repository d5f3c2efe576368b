import type { ContactFieldType } from '@common/api/contact-fields';
import { AtSignIcon, CalendarIcon, HashIcon, LinkIcon, ListIcon, TypeIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** How each field type is named and drawn in Settings → Contact fields. */
export const FIELD_TYPE_INFO: Record<ContactFieldType, { label: string; hint: string; icon: ReactNode }> = {
  text: { label: 'Text', hint: 'Any short text', icon: <TypeIcon className="size-4" /> },
  number: { label: 'Number', hint: 'Amounts, scores, counts', icon: <HashIcon className="size-4" /> },
  date: { label: 'Date', hint: 'A day, like a birthday', icon: <CalendarIcon className="size-4" /> },
  select: { label: 'Single select', hint: 'One of your options', icon: <ListIcon className="size-4" /> },
  url: { label: 'URL', hint: 'A web address', icon: <LinkIcon className="size-4" /> },
  email: { label: 'E-mail', hint: 'An e-mail address', icon: <AtSignIcon className="size-4" /> },
};
