import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { getFormProps, replyFor, useForm, type FormReply } from '~/components/form-client';
import { FormErrors, TextField } from '~/components/form-fields';
import { GOAL_LIMITS, goalText } from '~/domain/goals';
import { monthLabel } from '~/lib/dates';
import type { ClassPage } from './__class-page.server';

// The class's goal for this month on the class page: the teacher or the head sets books finished, minutes, reading
// days (any of them), and sees how many students reached it: a count, never a ranking (docs/decisions/041).
// Not a route: flat routes skip `__` files.

type Goal = { books: string; minutes: string; days: string };

export function ClassGoal({ data: { class: c, month, attainment }, reply }: { data: ClassPage; reply?: FormReply | null }) {
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/classes/${c.id}`;
  const goal = attainment?.goal ?? null;
  const [form, fields] = useForm<Goal>({
    id: 'class-goal',
    lastResult: replyFor(reply, 'goal'),
    defaultValue: { books: goal?.books?.toString() ?? '', minutes: goal?.minutes?.toString() ?? '', days: goal?.days?.toString() ?? '' },
  });
  return (
    <section aria-labelledby="class-goal-title" className="card stack" data-testid="class-goal">
      <h2 id="class-goal-title">{monthLabel(month)} 반 목표</h2>
      {goal && attainment ? (
        <p data-testid="goal-attainment">
          목표: <strong>{goalText(goal)}</strong> · 달성 학생 {attainment.reached}명 / {attainment.students}명
        </p>
      ) : (
        <p className="muted">이번 달 목표가 없습니다. 학생마다 자기 기록만 목표와 비교해 보여 주고, 순위는 보여 주지 않습니다.</p>
      )}
      {c.open ? (
        <Form method="post" action={base} className="inline-fields" {...getFormProps(form)}>
          <CsrfInput />
          <input type="hidden" name="intent" value="goal" />
          <FormErrors errors={form.errors} id={form.errorId} />
          <TextField label="완독한 책(권)" type="number" inputMode="numeric" meta={fields.books} hint={`1–${GOAL_LIMITS.books}`} />
          <TextField label="독서 시간(분)" type="number" inputMode="numeric" meta={fields.minutes} hint={`1–${GOAL_LIMITS.minutes}`} />
          <TextField label="읽은 날(일)" type="number" inputMode="numeric" meta={fields.days} hint={`1–${GOAL_LIMITS.days}`} />
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              목표 저장
            </button>
          </div>
        </Form>
      ) : null}
      {c.open && goal ? (
        <Form method="post" action={base}>
          <CsrfInput />
          <input type="hidden" name="intent" value="clearGoal" />
          <button type="submit" className="secondary" disabled={busy}>
            목표 지우기
          </button>
        </Form>
      ) : null}
    </section>
  );
}
