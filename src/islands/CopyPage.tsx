import { useState } from 'react';
import { uiStrings } from '../strings.ts';
import { copyText } from './clipboard.ts';

/** Copies the page's Markdown source, fetched from its `.md` copy on this site. */
export function CopyPage({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="footer-button"
      aria-live="polite"
      // oxlint-disable-next-line typescript/no-misused-promises -- React ignores the returned promise, which never rejects
      onClick={async () => {
        let ok = false;
        try {
          const res = await fetch(url);
          ok = res.ok && (await copyText(await res.text()));
        } catch {
          ok = false;
        }
        setState(ok ? 'copied' : 'failed');
        setTimeout(() => setState('idle'), 2000);
      }}
    >
      {state === 'copied' ? uiStrings.copied : state === 'failed' ? uiStrings.copyFailed : uiStrings.copyPage}
    </button>
  );
}
