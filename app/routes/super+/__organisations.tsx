import { Form, useLocation, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { useState, type ReactNode } from 'react';
import { CsrfInput } from '~/components/csrf';
import { useHydrated } from '~/components/dialogs';
import { getFormProps, getSelectProps, useForm, type FieldMetadata, type FormReply } from '~/components/form-client';
import { FieldError, FormErrors, TextField } from '~/components/form-fields';
import { ACADEMY_CODE_PATTERN, TIER_SHORT_LABELS, type MonthState } from '~/domain/operators';
import { won } from '~/domain/payments';

// The pieces the pages of /super/organisations share: the tabs (academies, branches and agencies, individual
// members), the branch-and-agency choice, and the forms of branches and agencies. Every form posts without
// JavaScript; the browser checks native constraints only and the server's reply is shown beside its field.

export function OrganisationTabs() {
  const path = useLocation().pathname;
  const section =
    path.startsWith('/super/organisations/branches') || path.startsWith('/super/organisations/agencies')
      ? 'branches'
      : path.startsWith('/super/organisations/individuals')
        ? 'individuals'
        : 'academies';
  const tabs = [
    { key: 'academies', to: '/super/organisations', label: '학원' },
    { key: 'branches', to: '/super/organisations/branches', label: '지사·대리점' },
    { key: 'individuals', to: '/super/organisations/individuals', label: '개인 회원' },
  ];
  return (
    <nav aria-label="기관 구분" className="tabs">
      {tabs.map((t) => (
        <Link key={t.key} to={t.to} aria-current={section === t.key ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/** '기본 + 추가 1', and '· 신규 등록' while the one-time registration (NEW, not a size tier) is on the bill. */
export function tierText(tiers: number[]) {
  const size = tiers.filter((t) => t !== 4).map((t) => TIER_SHORT_LABELS[t]);
  return [size.join(' + ') || '-', ...(tiers.includes(4) ? [TIER_SHORT_LABELS[4]] : [])].join(' · ');
}

/**
 * Where a payer's month stands (organisation-bills.server.ts, read from the one billing state): the bill's tiers, the
 * month's word naming the unpaid lines when part of the bill is paid ('학생 추가 1 미결제', as the head's dashboard and
 * payments page say it) and what is still due. The operators' academy list and the branch's settlement page show it alike.
 */
export function MonthBill({
  month,
}: {
  month: { state: MonthState; headline: string; detail: string; tiers: number[]; due: number; refunded: number };
}) {
  return (
    <>
      {month.state === 'closed' ? null : <div>{tierText(month.tiers)}</div>}
      <span className={`badge month-${month.state}`} title={month.detail || undefined}>
        {month.headline}
      </span>
      {month.state === 'due' || month.state === 'waiting' ? <div className="muted">{won(month.due)}</div> : null}
      {month.refunded > 0 ? <div className="muted">환불 {won(month.refunded)}</div> : null}
    </>
  );
}

export type PlaceChoice = { id: number; name: string; region: string | null; agencies: { id: number; name: string }[] };

/**
 * The branch and one of its agencies. Without JavaScript the agency list shows every branch's agencies grouped by
 * branch (the server refuses an agency of another branch); with it, only the chosen branch's.
 */
export function PlaceFields({
  branchMeta,
  agencyMeta,
  branches,
}: {
  branchMeta: FieldMetadata;
  agencyMeta: FieldMetadata;
  branches: PlaceChoice[];
}) {
  const hydrated = useHydrated();
  const [branchId, setBranchId] = useState(String(branchMeta.initialValue ?? ''));
  const shown = hydrated && branchId ? branches.filter((b) => String(b.id) === branchId) : branches;
  return (
    <>
      <div className="field">
        <label htmlFor={branchMeta.id}>지사</label>
        <select {...getSelectProps(branchMeta)} onChange={(e) => setBranchId(e.target.value)}>
          <option value="">지사를 선택해 주세요</option>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
              {b.region ? ` (${b.region})` : ''}
            </option>
          ))}
        </select>
        <FieldError meta={branchMeta} />
      </div>
      <div className="field">
        <label htmlFor={agencyMeta.id}>대리점</label>
        <select {...getSelectProps(agencyMeta)} key={hydrated ? branchId : 'all'}>
          <option value="">대리점을 선택해 주세요</option>
          {shown.map((b) => (
            <optgroup key={b.id} label={b.name}>
              {b.agencies.length === 0 ? (
                <option disabled value="">
                  (대리점 없음)
                </option>
              ) : (
                b.agencies.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))
              )}
            </optgroup>
          ))}
        </select>
        <p className="muted field-hint">대리점은 고른 지사에 속한 곳이어야 합니다.</p>
        <FieldError meta={agencyMeta} />
      </div>
    </>
  );
}

/** A form of one intent: its conform state, its errors above it, the CSRF token and a submit button. */
export function IntentForm({
  id,
  intent,
  lastResult,
  defaultValue,
  constraint,
  submitLabel,
  children,
  action,
}: {
  id: string;
  intent: string;
  lastResult: FormReply | null | undefined;
  defaultValue: Record<string, string>;
  constraint: Record<string, { required?: boolean; maxLength?: number; pattern?: string }>;
  submitLabel: string;
  children: (fields: Record<string, FieldMetadata>) => ReactNode;
  action?: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<Record<string, string>>({ id, lastResult, constraint, defaultValue });
  return (
    <>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Form method="post" action={action} {...getFormProps(form)} className="stack">
        <CsrfInput />
        <input type="hidden" name="intent" value={intent} />
        {children(fields)}
        <div className="form-actions">
          <button type="submit" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}

export const CONTACT_CONSTRAINT = { contactName: { maxLength: 50 }, phone: { maxLength: 20 } };

export function ContactFields({ fields, who }: { fields: Record<string, FieldMetadata>; who: string }) {
  return (
    <>
      <TextField label={`${who} 담당자 (선택)`} meta={fields.contactName} />
      <TextField label="전화번호 (선택)" meta={fields.phone} type="tel" hint="예: 02-123-4567, 010-1234-5678" />
    </>
  );
}

export const ACADEMY_INFO_CONSTRAINT = { name: { required: true, maxLength: 50 }, ...CONTACT_CONSTRAINT, address: { maxLength: 100 } };
export const ACADEMY_CODE_CONSTRAINT = { code: { required: true, maxLength: 20, pattern: ACADEMY_CODE_PATTERN } };
export const PLACE_CONSTRAINT = { branchId: { required: true }, agencyId: { required: true } };

export function AcademyInfoFields({ fields }: { fields: Record<string, FieldMetadata> }) {
  return (
    <>
      <TextField label="학원 이름" meta={fields.name} />
      <ContactFields fields={fields} who="학원" />
      <TextField label="주소 (선택)" meta={fields.address} />
    </>
  );
}

export const RATE_HINT = '퍼센트로 입력합니다 (예: 15 또는 12.5). 바꾼 비율은 그 뒤에 완료되는 결제의 정산부터 적용됩니다.';
const RATE_CONSTRAINT = { settlementRate: { required: true, maxLength: 6, pattern: '\\d{1,3}(\\.\\d{1,2})?%?' } };
export const BRANCH_CONSTRAINT = {
  name: { required: true, maxLength: 50 },
  region: { required: true, maxLength: 50 },
  ...CONTACT_CONSTRAINT,
  ...RATE_CONSTRAINT,
};
export const AGENCY_CONSTRAINT = { name: { required: true, maxLength: 50 }, ...CONTACT_CONSTRAINT, ...RATE_CONSTRAINT };

export function BranchFields({ fields }: { fields: Record<string, FieldMetadata> }) {
  return (
    <>
      <TextField label="지사 이름" meta={fields.name} />
      <TextField label="지역" meta={fields.region} hint="예: 서울 동부, 경기 남부" />
      <ContactFields fields={fields} who="지사" />
      <TextField label="지사 정산 비율 (%)" meta={fields.settlementRate} inputMode="text" hint={RATE_HINT} />
    </>
  );
}

export function AgencyFields({ fields }: { fields: Record<string, FieldMetadata> }) {
  return (
    <>
      <TextField label="대리점 이름" meta={fields.name} />
      <ContactFields fields={fields} who="대리점" />
      <TextField label="대리점 정산 비율 (%)" meta={fields.settlementRate} inputMode="text" hint={RATE_HINT} />
    </>
  );
}
