import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandName } from '../islands/names.ts';

/**
 * Server side of an island: renders the component to hydratable markup inside a marked container. The
 * browser bundle finds `[data-island]` and hydrates the same component with the same props.
 */
export function Island<P extends object>({ name, component: Component, props, as: Tag = 'div', className }: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  as?: 'div' | 'span';
  className?: string;
}) {
  const html = renderToString(<Component {...props} />);
  // Islands are controls, not content: search does not index them.
  return <Tag className={className} data-pagefind-ignore="" data-island={name} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}
