/**
 * The first page of an Ogg/Opus stream (RFC 7845: `OggS` page header, one segment, `OpusHead` mono
 * 48 kHz) followed by `extra` filler bytes: enough for the sandbox's voice-note check. The CRC is not
 * computed; nothing here decodes the audio.
 */
export function oggOpus(extra = 60): Buffer {
  const opusHead = Buffer.concat([
    Buffer.from('OpusHead', 'latin1'),
    Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]),
  ]);
  const page = Buffer.alloc(27);
  page.write('OggS', 0, 'latin1');
  page[5] = 0x02; // beginning of stream
  page.writeUInt32LE(1, 14); // serial number
  page[26] = 1; // one segment
  return Buffer.concat([page, Buffer.from([opusHead.length]), opusHead, Buffer.alloc(extra, 1)]);
}
