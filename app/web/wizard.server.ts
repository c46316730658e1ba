import { parseWithZod } from '@conform-to/zod';
import { z } from 'zod';
import { isDomainError } from '~/lib/errors';
import { positiveInt } from '~/lib/numbers';

// The wizards whose steps keep everything chosen in the address (도서 배정 /admin/assign, 알림톡 보내기 /talk/new): each
// step is a GET form whose hidden fields carry the earlier steps' choices (app/components/wizard.tsx), so every step,
// and every page of a step's list, works without JavaScript; the last step posts the same fields once.
// The choices are one zod object whose keys are the parameters' names. They are read leniently (a value that is not
// one is dropped, never refused: the service says what is missing when the preview is asked for), by the loader from
// the address (`readWizard`) and by the page action (formAction) from the posted form, through the same parser:
// conform's, which reads `v.name` as `{ v: { name } }` (`choice.named`).

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Named values (`v.마감일=…`) as conform nests them, flattened back to their names. */
function flatten(value: unknown, prefix: string, out: Record<string, string>) {
  if (typeof value === 'string') {
    if (prefix) out[prefix] = value;
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, `${prefix}[${i}]`, out));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

// Each kind reads the raw value itself (z.any, which conform leaves as posted), so nothing is ever refused.
export const choice = {
  /** A repeated parameter of ids (`book=1&book=2`): positive whole numbers, each once, the first `max`. */
  ids: (max = Infinity) =>
    z.any().transform((value) =>
      [
        ...new Set(
          listOf(value)
            .map(positiveInt)
            .filter((id): id is number => id !== null),
        ),
      ].slice(0, max),
    ),
  /** One id, or null. */
  id: () => z.any().transform((value) => positiveInt(first(value))),
  /** Text as typed ('' when absent). */
  text: () => z.any().transform((value): string => (typeof first(value) === 'string' ? (first(value) as string) : '')),
  /** One of `values`, '' otherwise. */
  oneOf: <T extends string>(values: readonly T[]) =>
    z.any().transform((value): T | '' => (values.includes(first(value) as T) ? (first(value) as T) : '')),
  /** Whom for (components/class-or-students.tsx): chosen students, or a whole class otherwise. */
  target: () => z.any().transform((value): 'class' | 'students' => (first(value) === 'students' ? 'students' : 'class')),
  /** Values by name (`v.마감일`), names of at most `maxName` characters, values cut at `maxValue`. */
  named: ({ maxName, maxValue }: { maxName: number; maxValue: number }) =>
    z.any().transform((value) => {
      const values: Record<string, string> = {};
      for (const [name, text] of Object.entries(flatten(value, '', {}))) if (name.length <= maxName) values[name] = text.slice(0, maxValue);
      return values;
    }),
};

/** A class or chosen students (`target`, `classId`, `student`): only the chosen side's choice is kept. */
export function classOrStudents<T extends { target: 'class' | 'students'; classId: number | null; student: number[] }>(choices: T): T {
  return {
    ...choices,
    classId: choices.target === 'class' ? choices.classId : null,
    student: choices.target === 'students' ? choices.student : [],
  };
}

/** The choices of a form or an address; the schema's kinds never refuse. */
export function readChoices<S extends z.ZodTypeAny>(params: URLSearchParams | FormData, schema: S): z.output<S> {
  const submission = parseWithZod(params, { schema });
  if (submission.status !== 'success') throw new Error(`A wizard's choices were refused: ${JSON.stringify(submission.error)}`);
  return submission.value as z.output<S>;
}

/** The wizard's address: the step it names (the first step otherwise), the choices it carries, and its parameters. */
export function readWizard<K extends string, S extends z.ZodTypeAny>(request: Request, steps: readonly [K, ...K[]], schema: S) {
  const params = new URL(request.url).searchParams;
  const step: K = steps.find((s) => s === params.get('step')) ?? steps[0];
  return { step, choices: readChoices(params, schema), params };
}

/**
 * A step's check by the service (the preview): its refusal of the choices comes back as the message to show on the
 * step `back` names, to choose again; a 403 or 404 stays the area's error page (the loader's `orRespond`).
 */
export async function orStepBack<T, K extends string>(
  work: () => Promise<T>,
  back: (code: string) => K,
): Promise<{ value: T; back: null } | { value: null; back: { step: K; error: string } }> {
  try {
    return { value: await work(), back: null };
  } catch (error) {
    if (!isDomainError(error) || error.status === 403 || error.status === 404) throw error;
    return { value: null, back: { step: back(error.code), error: error.message } };
  }
}
