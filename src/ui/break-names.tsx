import { Fragment, type ReactNode } from 'react';

/**
 * A long name may break between its parts rather than at any letter: a `<wbr>` after every `_` of a SQL name
 * (H3_GET_DESTINATION_INDEX_FROM_UNIDIRECTIONAL_EDGE) and before every inner capital of a CamelCase one
 * (TableWithInternalColumnName, an error's name), in a word of 16 characters or more.
 */
const LONG_NAME = /[A-Za-z0-9_]{16,}/g;
const NAME_PARTS = /(?<=_)(?!$)|(?<=[a-z0-9])(?=[A-Z])/;

export function breakNames(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LONG_NAME)) {
    const pieces = m[0].split(NAME_PARTS);
    if (pieces.length < 2) continue;
    parts.push(text.slice(last, m.index));
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
  escaped.replace(LONG_NAME, (name) => name.split(NAME_PARTS).join('<wbr>'));
