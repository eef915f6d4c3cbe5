import { z } from 'zod';
import type { ErrorSink } from './errors.ts';
import { ROUTE_PATH } from './frontmatter.ts';

/** `_category_.json`: how a folder appears in the sidebar and, optionally, its generated index page. */
export const categoryFileSchema = z
  .object({
    label: z.string().trim().min(1),
    position: z.number().finite().optional(),
    /** A generated index page: its route (under /doc) and its introduction. */
    link: z
      .object({
        type: z.literal('generated-index'),
        slug: z
          .string()
          .regex(
            ROUTE_PATH,
            'must start with "/" and hold segments of letters, digits, "-", "_" and "." (no segment may start with ".", no "//")',
          ),
        title: z.string().trim().min(1).optional(),
        description: z.string().trim().min(1).max(300),
      })
      .strict()
      .optional(),
  })
  .strict();

export type CategoryFile = z.infer<typeof categoryFileSchema>;

export function readCategoryFile(file: string, text: string, sink: ErrorSink): CategoryFile | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const m = /position (\d+)/.exec(String(err));
    const line = m ? text.slice(0, Number(m[1])).split('\n').length : 1;
    sink.add(file, line, `invalid JSON: ${(err as Error).message}`);
    return undefined;
  }
  const parsed = categoryFileSchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Unknown keys are reported on the object, with the keys listed apart: point at the first one.
      const last = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path[issue.path.length - 1];
      const key = issue.path.join('.') || 'category';
      const needle = `"${String(last ?? '')}"`;
      const idx = last !== undefined ? text.indexOf(needle) : -1;
      sink.add(file, idx >= 0 ? text.slice(0, idx).split('\n').length : 1, `${key}: ${issue.message}`);
    }
    return undefined;
  }
  return parsed.data;
}
