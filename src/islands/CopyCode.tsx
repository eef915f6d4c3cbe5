import { useEffect, useRef, useState } from 'react';
import { uiStrings } from '../strings.ts';
import { copyText } from './clipboard.ts';
import { setupScriptFor } from './setup-script.ts';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The copy buttons of a code block: "Copy" copies the text of the block's <pre>; on an example that earlier
 * examples of the page prepare (a table they create and fill), "Copy with setup" copies those statements and
 * this one as one script, in the order the engine ran them.
 */
export function CopyCode() {
  const [state, setState] = useState<CopyState>('idle');
  const [setupState, setSetupState] = useState<CopyState>('idle');
  const [hasSetup, setHasSetup] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  const figure = () => ref.current?.closest('figure') ?? null;
  // Read from the page once it is in the browser: the server renders one island for every block.
  useEffect(() => {
    const f = figure();
    setHasSetup(!!f && setupScriptFor(f) !== undefined);
  }, []);
  const label = (s: CopyState, idle: string) =>
    s === 'copied' ? uiStrings.copied : s === 'failed' ? uiStrings.copyFailed : idle;
  const copy = async (text: string | undefined, set: (s: CopyState) => void) => {
    set((await copyText(text ?? '')) ? 'copied' : 'failed');
    setTimeout(() => set('idle'), 2000);
  };
  return (
    <span ref={ref} className="copy-code-buttons">
      <button
        type="button"
        className="copy-code"
        aria-live="polite"
        onClick={() => void copy(figure()?.querySelector('pre')?.innerText, setState)}
      >
        {label(state, uiStrings.copyCode)}
      </button>
      {hasSetup ? (
        <button
          type="button"
          className="copy-with-setup"
          aria-live="polite"
          title={uiStrings.copyWithSetupHint}
          onClick={() => void copy(setupScriptFor(figure()!), setSetupState)}
        >
          {label(setupState, uiStrings.copyWithSetup)}
        </button>
      ) : null}
    </span>
  );
}
