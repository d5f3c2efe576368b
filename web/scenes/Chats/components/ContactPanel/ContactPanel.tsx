import { XIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useCanDeleteContacts, useContactPanel } from '../../../../api/contactDetails';
import { Spinner } from '../../../../components/Spinner';
import { useServerNow } from '../../../../hooks/useServerNow';
import { AiSummary } from './AiSummary';
import { ConsentSection } from './ConsentSection';
import { ContactActions } from './ContactActions';
import { ContactFieldsSection } from './ContactFieldsSection';
import { ContactInfo } from './ContactInfo';
import { ContactProfile } from './ContactProfile';
import { MediaFiles } from './MediaFiles';
import { NotesEditor } from './NotesEditor';
import { Section } from './Section';
import { TagsAndAssignment } from './TagsAndAssignment';

type ContactPanelProps = {
  contactId: string;
  meId: string | null;
  onClose: () => void;
  /** The contact was deleted: close the conversation. */
  onDeleted: () => void;
  /** Buttons in the header beside ×, e.g. the Contacts page's "Open chat". */
  headerActions?: ReactNode;
};

/** Escape closes the panel unless something else takes it: a dialog, a field outside the panel, or a cancel. */
function useEscapeToClose(panelRef: React.RefObject<HTMLElement | null>, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[data-modal]')) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const inPanel = target !== null && panelRef.current?.contains(target);
      if (!inPanel && target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [panelRef]);
}

/**
 * The 400 px contact panel beside the conversation (spec §2): notes, contact info, tags and
 * assignment, shared media and documents, and archive/block/delete. It sits beside the chat on wide
 * screens and over it on narrow ones; Escape and the close button close it.
 */
export function ContactPanel({ contactId, meId, onClose, onDeleted, headerActions }: ContactPanelProps) {
  const panelRef = useRef<HTMLElement>(null);
  const { contact, isPending, isError } = useContactPanel(contactId);
  const canDelete = useCanDeleteContacts();
  const now = useServerNow();
  useEscapeToClose(panelRef, onClose);

  useEffect(() => {
    panelRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <>
      {/* On narrow screens the panel covers the chat: a click beside it closes it. */}
      <div
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 z-30 animate-fade-in bg-slate-950/25 xl:hidden"
      />
      <aside
        ref={panelRef}
        tabIndex={-1}
        aria-label="Contact details"
        data-testid="contact-panel"
        className="absolute inset-y-0 right-0 z-30 flex w-full flex-col bg-white shadow-pop outline-none transition-[translate,opacity] duration-200 ease-out starting:translate-x-4 starting:opacity-0 sm:w-[400px] sm:border-l sm:border-slate-200 xl:relative xl:z-auto xl:shrink-0 xl:shadow-none"
      >
        <header className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-slate-200 px-5">
          <h2 className="text-[15px] font-semibold text-slate-900">Contact details</h2>
          <div className="flex-1" />
          {headerActions}
          <button
            type="button"
            onClick={onClose}
            aria-label="Close contact details"
            className="-mr-1.5 rounded-full p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700"
          >
            <XIcon className="size-5" />
          </button>
        </header>
        {contact ? (
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            <ContactProfile contact={contact} />
            <AiSummary key={contact.id} contactId={contact.id} />
            <Section title="Notes">
              <NotesEditor key={contact.id} contactId={contact.id} notes={contact.notes} />
            </Section>
            <ContactFieldsSection contactId={contact.id} values={contact.fields} />
            <ContactInfo contactId={contact.id} now={now} />
            <TagsAndAssignment contact={contact} meId={meId} />
            <ConsentSection contact={contact} />
            <MediaFiles contactId={contact.id} now={now} />
            <ContactActions contact={contact} meId={meId} canDelete={canDelete} onDeleted={onDeleted} />
          </div>
        ) : (
          <div className="flex flex-1 items-center justify-center">
            {isPending ? (
              <Spinner className="size-5 text-slate-400" />
            ) : (
              isError && (
                <p className="px-6 text-center text-sm text-slate-500">This contact could not be loaded.</p>
              )
            )}
          </div>
        )}
      </aside>
    </>
  );
}
