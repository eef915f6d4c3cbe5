import { useEffect } from 'react';

/**
 * Marks the "on this page" link of the heading being read, and folds the phone's list once an entry is chosen.
 * Renders nothing: the list itself is server HTML,
 * so its text is never shipped twice.
 */
export function TocHighlight() {
  useEffect(() => {
    // On narrow screens "On this page" sticks under the top bar: a chosen entry folds it away again.
    const inline = document.querySelector<HTMLDetailsElement>('details.toc-inline');
    const fold = (e: Event) => {
      if (inline && e.target instanceof Element && e.target.closest('a')) inline.open = false;
    };
    inline?.addEventListener('click', fold);
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc-inline a[href^="#"]')];
    const headings = links
      .map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))))
      .filter((h): h is HTMLElement => h !== null);
    if (headings.length === 0) return () => inline?.removeEventListener('click', fold);
    const update = () => {
      // The current heading is the last one whose top has scrolled above 30% of the viewport; at the very
      // bottom of the page it is the last heading, even if it cannot scroll that high.
      const limit = window.innerHeight * 0.3;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let current = headings[0];
      for (const h of headings) if (h.getBoundingClientRect().top <= limit) current = h;
      if (atBottom) current = headings[headings.length - 1];
      for (const a of links) a.toggleAttribute('data-active', a.hash === `#${current?.id}`);
    };
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    update();
    return () => {
      inline?.removeEventListener('click', fold);
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return null;
}
