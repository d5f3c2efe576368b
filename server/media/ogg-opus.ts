/**
 * An Ogg stream whose first packet is an Opus identification header: `OggS`, the 27-byte page
 * header, its segment table, then `OpusHead` (RFC 7845 §3 and §5.1). What WhatsApp plays as a voice
 * note; `head` is the file's first bytes (300 are always enough).
 */
export function isOggOpus(head: Uint8Array): boolean {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length < 28 || bytes.subarray(0, 4).toString('latin1') !== 'OggS') return false;
  const payload = 27 + (bytes[26] ?? 0);
  return bytes.subarray(payload, payload + 8).toString('latin1') === 'OpusHead';
}
