/**
 * The address this process answers on, for calls it makes to itself (the built-in sandbox is
 * served by the same process). Set once the server listens; tests set it to their ephemeral port.
 */
let selfOrigin: string | undefined;

export function setSelfOrigin(origin: string): void {
  selfOrigin = origin.replace(/\/$/, '');
}

export function getSelfOrigin(fallbackPort: number): string {
  return selfOrigin ?? `http://127.0.0.1:${fallbackPort}`;
}
