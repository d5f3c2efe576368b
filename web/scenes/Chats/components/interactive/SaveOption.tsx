import type { SavedInteractiveInput } from '@common/api/interactive';
import { SAVED_MSG } from '@common/api/saved-messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../../api/client';
import { tell } from '../../../../api/messages';
import { createSavedMessage, SAVED_MESSAGES_KEY, savedMessagesQuery } from '../../../../api/savedMessages';
import { CountedField } from './fields';
import { useSendAndClose } from './useSendAndClose';

/**
 * "Save as saved message" in the reply-buttons, list and link-button dialogs (issue 17): with a name,
 * the message is kept as a team saved message (owners only, spec §6, so members never see the
 * option) and later sent from the '/' panel. Save only keeps it without sending.
 */

export type SaveOption = {
  /** The caller may create saved messages. */
  available: boolean;
  on: boolean;
  name: string;
  setOn: (on: boolean) => void;
  setName: (name: string) => void;
  /** 'Please enter a title…' while the option is on without a name. */
  problem: string | null;
  /** Keeps the message when the option is on; says how it went in a toast. */
  saveIfChosen: (interactive: SavedInteractiveInput) => Promise<boolean>;
  reset: () => void;
};

export function useSaveOption(): SaveOption {
  const client = useQueryClient();
  const query = useQuery(savedMessagesQuery);
  const [on, setOn] = useState(false);
  const [name, setName] = useState('');
  const available = query.data?.abilities.create ?? false;
  const active = available && on;
  return {
    available,
    on: active,
    name,
    setOn,
    setName,
    problem: active && !name.trim() ? SAVED_MSG.titleRequired : null,
    saveIfChosen: async (interactive) => {
      if (!active) return true;
      try {
        await createSavedMessage({ name, interactive });
        await client.invalidateQueries({ queryKey: SAVED_MESSAGES_KEY });
        tell({ kind: 'success', text: `Saved as “${name.trim()}”` });
        return true;
      } catch (error) {
        tell({ kind: 'error', text: errorMessage(error, SAVED_MSG.saveFailed) });
        return false;
      }
    },
    reset: () => {
      setOn(false);
      setName('');
    },
  };
}

/** The checkbox, the name field and Save only (shown only to those who may save). */
export function SaveOptionFields({
  option,
  canSaveOnly,
  onSaveOnly,
}: {
  option: SaveOption;
  canSaveOnly: boolean;
  onSaveOnly: () => void;
}) {
  if (!option.available) return null;
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={option.on}
          onChange={(event) => option.setOn(event.target.checked)}
          className="size-4 accent-brand-700"
        />
        Save as saved message
      </label>
      {option.on && (
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <CountedField
              label="Saved message name"
              value={option.name}
              onChange={option.setName}
              error={option.problem}
              testId="saved-name"
            />
          </div>
          <button
            type="button"
            onClick={onSaveOnly}
            disabled={!canSaveOnly || option.problem !== null}
            className="mt-6 inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:text-slate-500 disabled:ring-slate-200"
          >
            <BookmarkPlusIcon className="size-4" aria-hidden /> Save only
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * A dialog's Send (the save first when chosen, then the send; the dialog closes at once) and its Save
 * only (closes once saved). `resetDraft` clears the dialog's own fields.
 */
export function useSendOrSave<T extends object>(
  type: SavedInteractiveInput['type'],
  message: T,
  onSend: (message: T) => Promise<unknown>,
  onClose: () => void,
  resetDraft: () => void,
) {
  const save = useSaveOption();
  const kept = { type, ...message } as unknown as SavedInteractiveInput;
  const reset = () => {
    resetDraft();
    save.reset();
  };
  const { sending, send } = useSendAndClose(
    onClose,
    async () => {
      await save.saveIfChosen(kept);
      return onSend(message);
    },
    reset,
  );
  const saveOnly = async () => {
    if (!(await save.saveIfChosen(kept))) return;
    onClose();
    reset();
  };
  return { save, sending, send, saveOnly };
}
