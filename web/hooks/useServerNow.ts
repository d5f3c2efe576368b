import { useEffect, useState } from 'react';
import { serverNow, subscribeServerClock } from '../api/serverClock';

/** The spec's window timer refresh: every 60 s. */
export const WINDOW_REFRESH_MS = 60_000;

/**
 * The server's clock, re-read every `intervalMs` (a minute by default) and whenever the server tells
 * us its time moved; components showing relative times or the messaging window use it.
 */
export function useServerNow(intervalMs = WINDOW_REFRESH_MS): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(serverNow());
    const timer = window.setInterval(tick, intervalMs);
    const unsubscribe = subscribeServerClock(tick);
    return () => {
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [intervalMs]);
  return now;
}
