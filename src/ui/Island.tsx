import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandName } from '../islands/names.ts';

const rendered = new Map<string, string>();

/**
 * Server side of an island: renders the component to hydratable markup inside a marked container. The
 * browser bundle finds `[data-island]` and hydrates the same component with the same props.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  as: Tag = 'div',
  className,
  idPrefix,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  as?: 'div' | 'span';
  className?: string;
  /**
   * Islands are rendered apart, so React's generated ids (useId) would repeat on a page with two of the same
   * kind: each such island gets a prefix of its own, used again when it hydrates.
   */
  idPrefix?: string;
}) {
  // The same component with the same props renders the same markup: render it once per process (a page holds
  // a copy button per code block, and every page the same top bar).
  const key = `${name}\0${idPrefix ?? ''}\0${JSON.stringify(props)}`;
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderToString(<Component {...props} />, idPrefix ? { identifierPrefix: idPrefix } : undefined);
    rendered.set(key, html);
  }
  // Islands are controls, not content: search does not index them.
  return (
    <Tag
      className={className}
      data-pagefind-ignore=""
      data-island={name}
      data-id-prefix={idPrefix}
      // No props, no attribute: main.tsx reads a missing one as {}.
      data-props={Object.keys(props).length ? JSON.stringify(props) : undefined}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
