import { useRef, useState } from 'react';
import { uiStrings } from '../ui/strings.ts';
import { copyText } from './clipboard.ts';

/** The copy button of a code block: copies the text of the block's <pre>. */
export function CopyCode() {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const ref = useRef<HTMLButtonElement>(null);
  const label = state === 'copied' ? uiStrings.copied : state === 'failed' ? uiStrings.copyFailed : uiStrings.copyCode;
  return (
    <button
      ref={ref}
      type="button"
      className="copy-code"
      aria-live="polite"
      onClick={async () => {
        const pre = ref.current?.closest('figure')?.querySelector('pre');
        setState((await copyText(pre?.innerText ?? '')) ? 'copied' : 'failed');
        setTimeout(() => setState('idle'), 2000);
      }}
    >
      {label}
    </button>
  );
}
