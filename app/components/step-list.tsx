/** The numbered steps of a multi-step form (도서 배정, 알림톡 보내기), the current one marked. */
export function StepList<K extends string>({ steps, current, label }: { steps: { key: K; label: string }[]; current: K; label: string }) {
  return (
    <ol className="steps" aria-label={label}>
      {steps.map((s) => (
        <li key={s.key} aria-current={s.key === current ? 'step' : undefined} className={s.key === current ? 'current' : undefined}>
          {s.label}
        </li>
      ))}
    </ol>
  );
}
