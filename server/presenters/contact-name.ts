import { contacts } from '../db/schema';

/** The columns a contact's shown name is made of, for a select that needs only the name. */
export const contactNameColumns = {
  id: contacts.id,
  customName: contacts.customName,
  profileName: contacts.profileName,
  phone: contacts.phone,
};

type Named = { customName: string | null; profileName: string; phone: string };

/** The name the inbox shows: the team's, else WhatsApp's profile name, else the number. */
export function contactDisplayName(contact: Named): string {
  return (contact.customName ?? '').trim() || contact.profileName.trim() || `+${contact.phone}`;
}
