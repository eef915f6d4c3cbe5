/**
 * An error in the content that the author must fix. It always names the file (relative to the project) and,
 * where known, the line and column, so editors and terminals can jump to it.
 */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly reason: string,
    readonly column?: number,
  ) {
    super(`${file}${line ? `:${line}` : ''}${line && column ? `:${column}` : ''}: ${reason}`);
    this.name = 'ContentError';
  }
}

/** Several content errors at once: the build reports all of them, not just the first. */
export class ContentErrors extends Error {
  constructor(readonly errors: ContentError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'ContentErrors';
  }
}

/** Collects errors while a stage goes on, so one run reports every problem. */
export class ErrorSink {
  readonly errors: ContentError[] = [];
  add(file: string, line: number | undefined, reason: string, column?: number): void {
    this.errors.push(new ContentError(file, line, reason, column));
  }
  /** Throws everything collected so far, if anything. */
  throwIfAny(): void {
    if (this.errors.length > 0) throw new ContentErrors(this.errors);
  }
}
