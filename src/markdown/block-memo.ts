/** Highlighted code blocks as a build keeps them between renders of a page (see `highlightToHast`). */

/** A highlighted block as it can be kept: its runs (a token class, `''` for none, and the text) and each class's CSS. */
export interface KeptBlock {
  runs: [cls: string, text: string][];
  css: Record<string, string>;
}

/**
 * Blocks highlighted before (`known`, by `blockKey`) and those a render used (`used`, for the next): tokenizing
 * is most of a page's render, and an edit of its prose leaves its code as it was. Kept only under the same code
 * of the highlighter (the body's code key holds it).
 */
export interface BlockMemo {
  known: Readonly<Record<string, KeptBlock>>;
  used: Record<string, KeptBlock>;
}

export const blockKey = (code: string, lang: string): string => `${lang}\0${code}`;
