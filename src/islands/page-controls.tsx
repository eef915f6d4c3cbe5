/**
 * Controls that only work with JavaScript, made by it: a copy button on every code block and "Copy page as
 * Markdown" in the footer. Not in the page's HTML, where a reader without JavaScript would get buttons that do
 * nothing, and every page would carry their markup. Each code block's bar above the code keeps the button's height
 * from the first paint (code.css), so the button arrives without moving a line.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { CopyCode } from './CopyCode.tsx';
import { CopyPage } from './CopyPage.tsx';

export function addPageControls(doc: Document = document): void {
  const renders: (() => void)[] = [];
  const mount = (slot: Element, control: React.ReactNode) => {
    const root = createRoot(slot);
    renders.push(() => root.render(control));
  };
  for (const pre of doc.querySelectorAll<HTMLPreElement>('figure.code-block > pre')) {
    const slot = doc.createElement('div');
    slot.className = 'copy-code-slot';
    slot.setAttribute('data-pagefind-ignore', '');
    pre.after(slot);
    mount(slot, <CopyCode />);
  }
  // The page's own Markdown, which the head links for tools: what the footer button copies.
  const markdown = doc.querySelector<HTMLLinkElement>('link[rel="alternate"][type="text/markdown"]');
  const actions = doc.querySelector('.page-footer .page-actions');
  if (markdown && actions) {
    const item = doc.createElement('li');
    const slot = doc.createElement('span');
    slot.className = 'copy-page';
    item.append(slot);
    actions.append(item);
    mount(slot, <CopyPage url={markdown.getAttribute('href') ?? ''} />);
  }
  // Rendered now, in one synchronous pass, not in a later task: the page says it is ready (main.tsx) once its
  // controls are there.
  flushSync(() => renders.forEach((render) => render()));
}
