import { type KeyboardEvent, useRef } from 'react';

/**
 * Blur and key handlers of a text field edited in place: Enter or leaving the field saves, Escape
 * cancels (and goes no further, so whatever holds the field stays open). `finish` runs once.
 */
export function useInlineEdit(finish: (save: boolean) => void) {
  const done = useRef(false);
  const end = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    finish(save);
  };
  return {
    onBlur: () => end(true),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        end(true);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        end(false);
      }
    },
  };
}
