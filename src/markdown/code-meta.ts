/**
 * The words after a code fence's language: ```sql example title="q.sql"```. Pure parsing; the meaning of each
 * option is documented in docs/authoring.md.
 */
export interface CodeMeta {
  title?: string;
  /** Runs on the engine; its result is recorded and shown. */
  example: boolean;
  /** The example is expected to fail. */
  expectError: boolean;
  /** The example runs but its result is not compared. */
  nondeterministic: boolean;
  /** Why this block cannot run here (object storage, a cluster...). */
  norun?: string;
  /** A grammar block, never executed. */
  syntax: boolean;
}

const TOKEN = /([A-Za-z][\w-]*)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/y;

export function parseCodeMeta(meta: string | null | undefined): { meta: CodeMeta; errors: string[] } {
  const out: CodeMeta = { example: false, expectError: false, nondeterministic: false, syntax: false };
  const errors: string[] = [];
  const text = meta ?? '';
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i] ?? '')) {
      i++;
      continue;
    }
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(text);
    if (!m) {
      errors.push(`cannot read code block options at "${text.slice(i)}"`);
      break;
    }
    i = TOKEN.lastIndex;
    const [, key = '', dq, sq, bare] = m;
    const value = dq ?? sq ?? bare;
    switch (key) {
      case 'title':
        if (!value) errors.push('title needs a value: title="..."');
        else out.title = value;
        break;
      case 'example':
        out.example = true;
        break;
      case 'error':
        out.expectError = true;
        break;
      case 'nondeterministic':
        out.nondeterministic = true;
        break;
      case 'norun':
        if (!value || !value.trim()) errors.push('norun needs a reason: norun="needs an S3 bucket"');
        else out.norun = value.trim();
        break;
      case 'syntax':
        out.syntax = true;
        break;
      default:
        errors.push(
          `unknown code block option "${key}" (known: title, example, error, nondeterministic, norun, syntax)`,
        );
    }
  }
  if ((out.expectError || out.nondeterministic) && !out.example)
    errors.push('"error" and "nondeterministic" apply only to an "example" block');
  if (out.example && (out.norun || out.syntax))
    errors.push('a block is either an "example", "norun" or "syntax", not several');
  return { meta: out, errors };
}
