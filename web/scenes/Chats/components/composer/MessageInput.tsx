import { type KeyboardEvent, type Ref, useContext } from 'react';
import { FieldInputContext, TextArea, TextField } from 'react-aria-components';

type MessageInputProps = {
  /** The saved-messages list is open: the box drives it (↑/↓ move, Enter picks) as its Autocomplete input. */
  drivesList: boolean;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  inputRef: Ref<HTMLTextAreaElement>;
  /** A suggestion is streaming into the box. */
  readOnly?: boolean;
};

/**
 * The message box. It sits inside the composer's Autocomplete but takes the Autocomplete's keys only
 * while the saved-messages list is open, so otherwise the arrows move the caret and spelling is checked.
 */
export function MessageInput({
  drivesList,
  value,
  onChange,
  onKeyDown,
  inputRef,
  readOnly = false,
}: MessageInputProps) {
  const autocomplete = useContext(FieldInputContext);
  return (
    <FieldInputContext.Provider value={drivesList ? autocomplete : null}>
      <TextField
        aria-label="Message"
        value={value}
        onChange={onChange}
        isReadOnly={readOnly}
        className="flex min-w-0 flex-1"
      >
        <TextArea
          ref={inputRef}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder="Type a message"
          className="max-h-40 min-h-10 w-full resize-none rounded-lg bg-white px-3.5 py-2.5 text-[14.5px] leading-5 text-slate-900 shadow-xs ring-1 ring-slate-200 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
        />
      </TextField>
    </FieldInputContext.Provider>
  );
}
