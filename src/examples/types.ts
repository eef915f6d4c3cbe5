/** What the examples tooling records for one page: the engine's answer to each `sql example` block, in order. */
export interface RecordedExample {
  /** The statement as written on the page: a changed statement makes the record stale. */
  sql: string;
  /** The block expects an error (`sql example error`). */
  expectError: boolean;
  /** The result varies between runs (`sql example nondeterministic`): shown, never compared. */
  nondeterministic: boolean;
  /** The engine's result table as it prints it; empty for statements that return no rows. */
  output?: string;
  /** The engine's error message, for error examples. */
  error?: string;
}

export interface RecordedPage {
  /** Engine version the results came from. */
  engine: string;
  examples: RecordedExample[];
}
