import type { ReactNode } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { getFormProps, useForm, type FormReply } from '~/components/form-client';
import { FormErrors } from '~/components/form-fields';
import { Link } from '~/components/link';
import { StepList } from '~/components/step-list';

// The page side of the wizards whose steps keep every choice in the address (app/web/wizard.server.ts reads them):
// the page with its numbered steps, the hidden fields that carry the earlier steps' choices through each step's GET
// form, the addresses of a step or of a page of a step's list with every choice kept, and the last step's one post.
// Choices are by parameter name, as the loader gives them: an id, a text, a list of ids (one field each) or named
// values (`v: { 마감일 }` is the field `v.마감일`); an empty one is left out.

export type Choices = Record<string, unknown>;
type Pair = readonly [string, string];

function pairsOf(name: string, value: unknown, out: Pair[]) {
  if (value === null || value === undefined || value === '') return out;
  if (Array.isArray(value)) for (const item of value) pairsOf(name, item, out);
  else if (typeof value === 'object') for (const [key, item] of Object.entries(value)) pairsOf(`${name}.${key}`, item, out);
  else out.push([name, String(value)]);
  return out;
}

/**
 * The choices named in `names` (all of them by default), in that order, as the address's name–value pairs, less the
 * values a list on the same form shows as checkboxes (`shown`: those post themselves, checked or not).
 */
export function choicePairs(
  choices: Choices,
  names: readonly string[] = Object.keys(choices),
  shown: Readonly<Record<string, ReadonlySet<unknown>>> = {},
) {
  const pairs: Pair[] = [];
  for (const name of names) {
    const value = choices[name];
    const visible = shown[name];
    pairsOf(name, Array.isArray(value) && visible ? value.filter((item) => !visible.has(item)) : value, pairs);
  }
  return pairs;
}

/** `base` with these parts in order: pairs of choices, or parameters (empty ones left out; a later one replaces). */
export function wizardHref(base: string, ...parts: (readonly Pair[] | Record<string, string | number | null | undefined>)[]) {
  const query = new URLSearchParams();
  for (const part of parts) {
    if (Array.isArray(part)) for (const [name, value] of part as readonly Pair[]) query.append(name, value);
    else
      for (const [name, value] of Object.entries(part)) {
        if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
      }
  }
  return `${base}?${query.toString()}`;
}

/** Hidden fields carrying the earlier choices `names` (what this form does not ask again) to the next step or page. */
export function CarryChoices({
  choices,
  names,
  shown,
}: {
  choices: Choices;
  names: readonly string[];
  shown?: Record<string, ReadonlySet<unknown>>;
}) {
  return (
    <>
      {choicePairs(choices, names, shown).map(([name, value], i) => (
        <input key={`${name}-${value}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A wizard's page: its title and lead, the numbered steps with the current one marked, and why a step came back. */
export function WizardPage<K extends string>({
  id,
  title,
  lead,
  className = 'stack',
  steps,
  current,
  stepsLabel,
  error,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  className?: string;
  steps: { key: K; label: string }[];
  current: K;
  stepsLabel: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <header className="page-title">
        <h1 id={id}>{title}</h1>
        <p>{lead}</p>
      </header>
      <StepList steps={steps} current={current} label={stepsLabel} />
      {error ? (
        <div className="alert error" role="alert">
          {error}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The last step's one post: the service's refusal above it, every choice carried, 이전 단계 back to `backHref` and
 * the confirm button (`children`: the post's own hidden fields).
 */
export function WizardConfirm({
  choices,
  backHref,
  label,
  disabled,
  lastResult,
  children,
}: {
  choices: Choices;
  backHref: string;
  label: string;
  disabled: boolean;
  lastResult: FormReply | null | undefined;
  children?: ReactNode;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form] = useForm({ id: 'wizard-confirm', lastResult });
  return (
    <>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Form method="post" className="form-actions" {...getFormProps(form)}>
        <CsrfInput />
        {children}
        <CarryChoices choices={choices} names={Object.keys(choices)} />
        <Link className="button secondary" to={backHref}>
          이전 단계
        </Link>
        <button type="submit" disabled={busy || disabled}>
          {label}
        </button>
      </Form>
    </>
  );
}

/** The button of a step's GET form that opens the step `step` with what this one chose. */
export function NextStep({ step, label }: { step: string; label: string }) {
  return (
    <div className="form-actions">
      <button type="submit" name="step" value={step}>
        {label}
      </button>
    </div>
  );
}
