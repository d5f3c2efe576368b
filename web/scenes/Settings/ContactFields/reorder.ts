/**
 * Moving a field up or down: the new order, and the position each field whose position must change
 * gets (positions become 0…n-1 in the new order, so older ties and gaps are repaired on the way).
 */
export function moveField<T extends { id: string; position: number }>(
  fields: T[],
  id: string,
  direction: -1 | 1,
): { order: T[]; changes: { id: string; position: number }[] } | null {
  const from = fields.findIndex((f) => f.id === id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= fields.length) return null;
  const order = [...fields];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  const changes = order.flatMap((f, index) => (f.position === index ? [] : [{ id: f.id, position: index }]));
  return { order: order.map((f, index) => ({ ...f, position: index })), changes };
}
