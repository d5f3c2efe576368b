import { TEAM_MESSAGE_MS } from '@common/api/team';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Flash = { tone: 'success' | 'error'; text: string };

/** A success or error message that clears itself after `durationMs` (the spec's 5 s for team messages). */
export function useFlashMessage(durationMs = TEAM_MESSAGE_MS) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const show = useCallback(
    (tone: Flash['tone'], text: string) => {
      if (timer.current) clearTimeout(timer.current);
      setFlash({ tone, text });
      timer.current = setTimeout(() => setFlash(null), durationMs);
    },
    [durationMs],
  );

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setFlash(null);
  }, []);

  return { flash, show, clear };
}
