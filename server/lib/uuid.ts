const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` has the shape of a uuid: check before comparing it with a uuid column (else 22P02). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
