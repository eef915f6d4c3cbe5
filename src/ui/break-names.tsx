import { Fragment, type ReactNode } from 'react';

/**
 * A long SQL name (H3_GET_DESTINATION_INDEX_FROM_UNIDIRECTIONAL_EDGE) may break after each underscore rather
 * than at any letter: a `<wbr>` after every `_` of a word of 16 characters or more.
 */
const LONG_NAME = /[A-Za-z0-9]*_[A-Za-z0-9_]*/g;

export function breakNames(text: string): ReactNode {
  if (!text.includes('_')) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LONG_NAME)) {
    if (m[0].length < 16) continue;
    parts.push(text.slice(last, m.index));
    const pieces = m[0].split(/(?<=_)/);
    pieces.forEach((piece, i) =>
      parts.push(
        <Fragment key={`${m.index}-${i}`}>
          {piece}
          {i < pieces.length - 1 ? <wbr /> : null}
        </Fragment>,
      ),
    );
    last = m.index + m[0].length;
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts;
}

/** The same for markup built as a string (the sidebar): `escaped` is already HTML-escaped. */
export const breakNamesHtml = (escaped: string): string =>
  escaped.replace(LONG_NAME, (name) => (name.length < 16 ? name : name.replace(/_(?!$)/g, '_<wbr>')));
