/**
 * The text of a roster file as its exporter wrote it: UTF-8 (with or without a BOM), UTF-16 in
 * either byte order (with a BOM, or without one when every other byte of "BEGIN" is zero, as
 * Windows tools write it), and Latin-1 (read as Windows-1252, its superset) when the bytes are not
 * valid UTF-8: "Köln" stays "Köln" rather than "K�ln".
 */
export function decodeRoster(bytes: Uint8Array): string {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b.subarray(2));
  if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));
  if (b.length >= 4 && b[0] !== 0 && b[1] === 0 && b[2] !== 0 && b[3] === 0) return new TextDecoder('utf-16le').decode(b);
  if (b.length >= 4 && b[0] === 0 && b[1] !== 0 && b[2] === 0 && b[3] !== 0) return new TextDecoder('utf-16be').decode(b);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(b);
  } catch {
    // A fold that splits a UTF-8 sequence (C2 CRLF SP A0): the split bytes moved past the fold, lines kept.
    const mended = Buffer.from(
      Buffer.from(b)
        .toString('latin1')
        .replace(/([\xC0-\xF7][\x80-\xBF]{0,2})(\r\n|\n|\r)([ \t])(?=[\x80-\xBF])/g, '$2$3$1'),
      'latin1',
    );
    // UTF-8 with a few bad bytes stays UTF-8 (each bad byte U+FFFD); Latin-1 has no valid multi-byte sequences.
    const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(mended);
    const bad = text.split('\uFFFD').length - 1;
    const good = (text.match(/[\u0080-\uFFFC\uFFFE-\u{10FFFF}]/gu) ?? []).length;
    return good > 0 && good >= bad ? text : new TextDecoder('windows-1252').decode(b);
  }
}
