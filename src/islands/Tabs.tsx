import { useEffect, useRef, useState } from 'react';
import { uiStrings } from '../strings.ts';

const SYNC_EVENT = 'docs:tab-group';
const storageKey = (group: string) => `databend-docs-tab:${group}`;

/**
 * The button row of a tab group; `id` (unique on the page) names its tabs and panels. The panels are server HTML (all visible without JavaScript, each with its
 * label); once this mounts it shows one panel at a time. Groups sharing a `group` key follow the same choice
 * across the page and across visits.
 */
export function Tabs({ labels, group, id: baseId }: { labels: string[]; group?: string; id: string }) {
  const [selected, setSelected] = useState(0);
  const ref = useRef<HTMLDivElement>(null);

  const select = (index: number, broadcast: boolean) => {
    setSelected(index);
    if (broadcast && group) {
      try {
        localStorage.setItem(storageKey(group), labels[index] ?? '');
      } catch {
        // No storage: the choice still syncs on this page.
      }
      document.dispatchEvent(new CustomEvent(SYNC_EVENT, { detail: { group, label: labels[index] } }));
    }
  };

  useEffect(() => {
    if (!group) return;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(storageKey(group));
    } catch {
      stored = null;
    }
    const initial = stored ? labels.indexOf(stored) : -1;
    if (initial >= 0) setSelected(initial);
    const onSync = (e: Event) => {
      const { group: g, label } = (e as CustomEvent<{ group: string; label: string }>).detail;
      const i = labels.indexOf(label);
      if (g === group && i >= 0) setSelected(i);
    };
    document.addEventListener(SYNC_EVENT, onSync);
    return () => document.removeEventListener(SYNC_EVENT, onSync);
  }, [group, labels]);

  useEffect(() => {
    const container = ref.current?.closest('.tabs');
    const panels = container ? [...container.querySelectorAll<HTMLElement>(':scope > .tab-panel')] : [];
    const tabs = ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
    panels.forEach((panel, i) => {
      panel.id = `${baseId}-panel-${i}`;
      // Set here, with the panel's id: the server's markup names no element it does not hold.
      tabs?.[i]?.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', `${baseId}-tab-${i}`);
      panel.hidden = i !== selected;
    });
  }, [selected, baseId]);

  const onKeyDown = (e: React.KeyboardEvent, i: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (i + delta + labels.length) % labels.length;
    select(next, true);
    ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div ref={ref} className="tabs-bar" role="tablist" aria-label={uiStrings.tabsLabel}>
      {labels.map((label, i) => (
        <button
          key={label}
          id={`${baseId}-tab-${i}`}
          type="button"
          role="tab"
          aria-selected={i === selected}
          tabIndex={i === selected ? 0 : -1}
          onClick={() => select(i, true)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
