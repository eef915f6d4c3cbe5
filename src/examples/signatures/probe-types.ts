/** What the signature prober (probe.ts) asks of the engine and what it gives for each function. */
export interface ProbeEngine {
  /** Plans each statement: the type of its first column (the engine's plan type) or the error. */
  plan(sqls: string[]): Promise<PlanAnswer[]>;
  /** Runs each statement: the engine's rendering of the result, or the error. */
  run(sqls: string[]): Promise<{ box?: string; error?: string }[]>;
}

/** A planned call: its type, or the error and the overloads of that many arguments the engine tried. */
export interface PlanAnswer {
  type?: string;
  error?: string;
  overloads?: string[];
}

export interface ProbeTarget {
  name: string;
  aggregate: boolean;
  /** The most arguments to try (the documented syntax's count, at least 3). */
  maxArity: number;
  /** The documented syntax's count of arguments, when the function is documented. */
  documented?: number;
}

/** One accepted call: its argument types (SQL names, `NULL` for the NULL literal) and the type it returns. */
export interface ProbedCall {
  args: string[];
  returns: string;
}

/**
 * A NULL argument gave NULL, a value, an error, a refusal when planned, or no row at all (a set-returning function);
 * for an aggregate, `counted`: a NULL input changed the result over other rows (it was not skipped); for a scalar,
 * `conditional`: a value beside NOT NULL arguments, NULL where the others are of nullable types (ARRAY_INDEXOF).
 */
export type NullAnswer = 'null' | 'value' | 'error' | 'rejected' | 'empty' | 'counted' | 'conditional';

/** What one sample call told of a function: its NULL behaviour and whether its answer is determined. */
export interface SampleBehaviour {
  /** The call run (column arguments of the probe table). */
  sample: string;
  /** Its answer with each argument NULL in turn (absent for a call without arguments). */
  nullIn?: NullAnswer[];
  /** Its answer with every argument NULL (absent for a call without arguments). */
  allNull?: NullAnswer;
  /** Two runs gave the same answer, in two time zones too (undefined when the sample does not run). */
  deterministic?: boolean;
  /** The answer changed with the session's time zone (set only then). */
  timeZone?: true;
  /**
   * The answer is a date one or two days later in the zone whose date is later (UTC+13 against UTC-12): it follows
   * the current date, so it changes from day to day too (TODAY, TOMORROW; set only then).
   */
  currentDate?: true;
  /**
   * Where the answer changed with the time zone: each call run in the zones (the sample, and the forms that take a
   * time: a TIMESTAMP, a time string), by argument types, and whether its answer differed (set only then).
   */
  zoneCalls?: { args: string[]; zone: boolean }[];
  /** An aggregate's answer changed with the order of its input rows (QUANTILE_TDIGEST's estimate; set only then). */
  rowOrder?: true;
  /**
   * Called without parameters, it also takes one before its arguments and answers differently for two
   * (APPROX_COUNT_DISTINCT(0.01)(x), its error rate); SUM(0.5)(x) is taken but ignored. Set only then.
   */
  optionalParameter?: true;
}

export interface FunctionProbe extends Partial<SampleBehaviour> {
  kind: 'scalar' | 'aggregate';
  /** How calls had to be written when plain column arguments were refused. */
  form?: 'literal' | 'window' | `params ${string}`;
  /** Every accepted call, the widths inside accepted families included, sorted. */
  calls: ProbedCall[];
  /** When nothing was accepted: the engine's answer to the simplest call. */
  refused?: string;
  /** The name the engine resolves this one to, when this is an alias (its errors name that function). */
  aliasOf?: string;
  /**
   * Its calls given two parameters, where that changes the type one parameter gives (QUANTILE_TDIGEST(0.5, 0.9)(x)
   * returns an array, one result per level).
   */
  severalParameters?: ProbedCall[];
  /**
   * A scalar function's calls written with parameters, where its plain calls took none (TO_DECIMAL(10, 2)(x) takes
   * integers, strings and booleans; TO_DECIMAL(x) only decimals): the parameters tried and the calls they took.
   */
  parameterCalls?: { params: string; calls: ProbedCall[] };
  /**
   * Calls of arguments that are not NULL that gave NULL, one per argument families, where the engine declares the
   * result nullable (`null-returns.ts`): the card says NULL may come back only for these.
   */
  nullReturns?: { args: string[]; call: string }[];
  /**
   * Its arguments come in groups of this many, as runs showed (JSON_OBJECT's key and value: any even number of
   * arguments); the card writes the group once and that it repeats.
   */
  repeats?: number;
}
