import { Fragment, type ReactNode } from 'react';
import { namePieces } from '../markdown/name-breaks.ts';

/** A long name may break between its words rather than at any letter (see `namePieces`). */
export function breakNames(text: string): ReactNode {
  const pieces = namePieces(text);
  if (pieces.length < 2) return text;
  return pieces.map((piece, i) => (
    <Fragment key={i}>
      {piece}
      {i < pieces.length - 1 ? <wbr /> : null}
    </Fragment>
  ));
}

/** The same for markup built as a string (the sidebar): `escaped` is already HTML-escaped. */
export const breakNamesHtml = (escaped: string): string => namePieces(escaped).join('<wbr>');
