import { useEffect } from 'react';

/**
 * Marks the "on this page" link of the heading being read. Renders nothing: the list itself is server HTML,
 * so its text is never shipped twice.
 */
export function TocHighlight() {
  useEffect(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')];
    const headings = links.map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1)))).filter((h): h is HTMLElement => h !== null);
    if (headings.length === 0) return;
    const update = () => {
      // The current heading is the last one whose top has scrolled above 30% of the viewport.
      const limit = window.innerHeight * 0.3;
      let current = headings[0];
      for (const h of headings) if (h.getBoundingClientRect().top <= limit) current = h;
      for (const a of links) a.toggleAttribute('data-active', a.hash === `#${current?.id}`);
    };
    const observer = new IntersectionObserver(update, { rootMargin: '0px 0px -70% 0px' });
    headings.forEach((h) => observer.observe(h));
    update();
    return () => observer.disconnect();
  }, []);
  return null;
}
