import type { ContactFieldValues } from '@common/api/contact-fields';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { contactFieldsQuery } from '../../../../api/contactFields';
import { ContactFieldValue } from './ContactFieldValue';
import { Section } from './Section';

type Props = {
  contactId: string;
  /** The contact's values by field key (ContactDetail.fields). */
  values: ContactFieldValues;
  /** After a value was saved, with all of the contact's values (for a cache the chat does not keep). */
  onSaved?: (values: ContactFieldValues) => void;
};

/**
 * The contact's custom fields (issue 14), every field the team defined in its order, each editable in
 * place by any teammate. Self-contained — the chat's panel and the Contacts page's drawer both use
 * it: give it the contact id and its `fields`.
 */
export function ContactFieldsSection({ contactId, values, onSaved }: Props) {
  const query = useQuery(contactFieldsQuery);
  const fields = query.data?.fields ?? [];

  return (
    <Section title="Fields" testId="contact-fields">
      {query.isPending ? (
        <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading fields">
          <div className="h-7 animate-pulse rounded-md bg-slate-100" />
          <div className="h-7 animate-pulse rounded-md bg-slate-100" />
        </div>
      ) : query.isError ? (
        <p className="flex items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-700">
          Couldn’t load the fields.
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="font-medium text-red-800 underline-offset-2 hover:underline"
          >
            Try again
          </button>
        </p>
      ) : fields.length === 0 ? (
        <p className="text-sm text-slate-500">
          No custom fields yet.{' '}
          {query.data.abilities.manage ? (
            <Link
              to="/app/settings/contact-fields"
              className="font-medium text-ink-700 underline-offset-2 hover:underline"
            >
              Add fields in Settings
            </Link>
          ) : (
            'A team owner can add them in Settings.'
          )}
        </p>
      ) : (
        <div>
          {fields.map((field) => (
            <ContactFieldValue
              key={field.id}
              contactId={contactId}
              field={field}
              value={values[field.key] ?? ''}
              onSaved={onSaved}
            />
          ))}
        </div>
      )}
    </Section>
  );
}
