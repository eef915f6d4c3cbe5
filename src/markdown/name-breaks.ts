/**
 * Where a long name may break: after every `_` of a SQL name (H3_GET_DESTINATION_INDEX_FROM_UNIDIRECTIONAL_EDGE)
 * and before every inner capital of a CamelCase one (TableWithInternalColumnName, an error's name), in a word of
 * 16 characters or more. The page marks these places with `<wbr>`, so a narrow column breaks a name between its
 * words rather than at any letter.
 */
const LONG_NAME = /[A-Za-z0-9_]{16,}/g;
const NAME_PARTS = /(?<=_)(?!$)|(?<=[a-z0-9])(?=[A-Z])/;

/** `text` cut where a `<wbr>` goes; one piece when it holds no long name. */
export function namePieces(text: string): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (const m of text.matchAll(LONG_NAME)) {
    const parts = m[0].split(NAME_PARTS);
    if (parts.length < 2) continue;
    parts[0] = text.slice(last, m.index) + parts[0];
    // The pieces before the name's first break, then one per break.
    if (pieces.length > 0) pieces[pieces.length - 1] += parts.shift() ?? '';
    pieces.push(...parts);
    last = m.index + m[0].length;
  }
  if (last === 0) return [text];
  if (pieces.length > 0) pieces[pieces.length - 1] += text.slice(last);
  return pieces;
}
