import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useNavigate } from 'react-router';

/**
 * Navigates after a delay (e.g. the spec's 2 s success redirects); a pending navigation is
 * cancelled when the component unmounts.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (to: string, delayMs: number, options?: NavigateOptions & { before?: () => Promise<unknown> }) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(async () => {
        await options?.before?.().catch(() => undefined);
        await navigate(to, options);
      }, delayMs);
    },
    [navigate],
  );
}
