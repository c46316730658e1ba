import type { Tier } from '~/domain/enums';
import { requestOrigin } from '~/web/origin.server';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { requireSuper } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { getFormProps, getInputProps, getSelectProps, useForm } from '~/components/form-client';
import { PLAN_LABELS, PLAN_TIERS } from '~/domain/operator-payments';
import { TIER_LABELS, won } from '~/domain/payments';
import { formatKoreanDate } from '~/lib/dates';
import { formAction, z } from '~/web/form-action.server';
import { pageData, redirectWithFlash } from '~/web/http.server';
import { addPrice, priceTable, tierHasStudentLimit } from '~/services/operators/prices.server';

export const meta: MetaFunction = () => [{ title: '가격 | 리드인 운영' }];

// The price table (ADMIN1, ADMIN2): what each plan's tiers cost now, what is scheduled, and a form to add a price from
// a Seoul date on (today or later: bills already issued never change). A month's bill takes the price in effect on
// its first day.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const table = await priceTable();
  return pageData({
    month: table.month,
    today: table.today,
    rows: table.rows.map((r) => ({
      ...r,
      effectiveLabel: formatKoreanDate(r.effectiveFrom),
      withLimit: tierHasStudentLimit(r.plan, r.tier),
    })),
  });
}

type Choice = { plan: string; tier: Tier };
const CHOICES: Choice[] = Object.entries(PLAN_TIERS).flatMap(([plan, tiers]) => tiers.map((tier) => ({ plan, tier })));

/** A posted text, cut as before; the price service checks it (its Korean messages, shown above the form). */
const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').slice(0, max));

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    // Built here, not when the module loads: in the browser the page-action module (and its z) is empty.
    schema: z.object({ planTier: text(Infinity), amount: text(20), studentLimit: text(20), effectiveFrom: text(10) }),
    run: async ({ user: operator, request, value }) => {
      const [plan, tier] = value.planTier.split(':');
      const row = await addPrice(
        operator,
        {
          plan: plan ?? '',
          tier: Number(tier),
          amount: value.amount,
          studentLimit: value.studentLimit,
          effectiveFrom: value.effectiveFrom,
        },
        requestOrigin(request),
      );
      return redirectWithFlash(
        '/super/prices',
        `${PLAN_LABELS[row.plan]} ${TIER_LABELS[row.tier]} 가격 ${won(row.amount)}을 ${formatKoreanDate(row.effectiveFrom)}부터 적용합니다.`,
      );
    },
  });
}

const STATE_LABELS = { current: '이번 달 적용 중', scheduled: '예정', past: '지난 가격' } as const;

export default function Prices() {
  const { rows, today, month } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({ id: 'price', lastResult: reply, defaultValue: { planTier: 'academy:1' } });
  return (
    <section aria-labelledby="prices-title" className="stack">
      <h1 id="prices-title" className="page-title">
        가격
      </h1>
      <p className="muted">
        한 달의 청구 금액은 그 달 1일에 적용 중인 가격을 따릅니다. 이번 달({month.slice(0, 4)}년 {Number(month.slice(5))}월) 1일 이후에
        시작하는 가격은 다음 청구부터 적용됩니다. 가격은 고치거나 지우지 않고, 새 적용일의 가격을 추가합니다.
      </p>
      {Object.entries(PLAN_TIERS).map(([plan, tiers]) => (
        <div className="table-wrap" key={plan}>
          <table className="table price-table">
            <caption>{PLAN_LABELS[plan]} 요금</caption>
            <thead>
              <tr>
                <th scope="col">항목</th>
                <th scope="col">금액</th>
                <th scope="col">학생 수</th>
                <th scope="col">적용일</th>
                <th scope="col">상태</th>
                <th scope="col">등록</th>
              </tr>
            </thead>
            <tbody>
              {tiers.flatMap((tier) => {
                const list = rows.filter((r) => r.plan === plan && r.tier === tier);
                if (list.length === 0)
                  return [
                    <tr key={`${plan}-${tier}`}>
                      <th scope="row">{TIER_LABELS[tier]}</th>
                      <td colSpan={5} className="muted">
                        가격이 없습니다. 가격이 정해질 때까지 이 항목은 결제할 수 없습니다.
                      </td>
                    </tr>,
                  ];
                return list.map((r, i) => (
                  <tr key={r.id} className={`price-${r.state}`}>
                    {i === 0 ? (
                      <th scope="row" rowSpan={list.length}>
                        {TIER_LABELS[tier]}
                      </th>
                    ) : null}
                    <td>{won(r.amount)}</td>
                    <td>{r.withLimit ? `${r.studentLimit}명${tier === 1 ? '까지' : ' 추가'}` : '-'}</td>
                    <td>{r.effectiveLabel}</td>
                    <td>
                      <span className={`badge price-state-${r.state}`}>{STATE_LABELS[r.state]}</span>
                    </td>
                    <td className="muted">{r.createdBy ?? '-'}</td>
                  </tr>
                ));
              })}
            </tbody>
          </table>
        </div>
      ))}
      <div className="card">
        <h2>가격 추가</h2>
        {form.errors ? (
          <p className="alert error" role="alert" id={form.errorId}>
            {form.errors[0]}
          </p>
        ) : null}
        <Form method="post" className="stack" {...getFormProps(form)}>
          <CsrfInput />
          <div className="field">
            <label htmlFor={fields.planTier.id}>요금제와 항목</label>
            <select {...getSelectProps(fields.planTier)} required>
              {CHOICES.map((c) => (
                <option key={`${c.plan}:${c.tier}`} value={`${c.plan}:${c.tier}`}>
                  {PLAN_LABELS[c.plan]} · {TIER_LABELS[c.tier]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={fields.amount.id}>금액 (원, 부가세 포함)</label>
            <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="numeric" required maxLength={12} />
          </div>
          <div className="field">
            <label htmlFor={fields.studentLimit.id}>학생 수 (학원의 기본 이용료·학생 추가 1·2만)</label>
            <input
              {...getInputProps(fields.studentLimit, { type: 'text', ariaDescribedBy: `${fields.studentLimit.id}-hint` })}
              inputMode="numeric"
              maxLength={6}
            />
            <p className="muted field-hint" id={`${fields.studentLimit.id}-hint`}>
              기본 이용료는 포함하는 학생 수, 학생 추가 1·2는 늘어나는 학생 수입니다. 다른 항목은 비워 두세요.
            </p>
          </div>
          <div className="field">
            <label htmlFor={fields.effectiveFrom.id}>적용일</label>
            <input {...getInputProps(fields.effectiveFrom, { type: 'date' })} required min={today} />
          </div>
          <div>
            <button type="submit" disabled={busy}>
              가격 추가
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
