import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireTalkSender } from '~/web/talk-guard.server';
import { CsrfInput } from '~/components/csrf';
import { ClassOrStudents } from '~/components/class-or-students';
import { StepList } from '~/components/step-list';
import { RECIPIENT_ROLE_LABELS, TALK_AUDIENCES, TALK_MESSAGES } from '~/domain/talk';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import {
  academyChoices,
  composeChoices,
  isOperator,
  manualVariables,
  newSendKey,
  previewSend,
  sendTalk,
  type SendInput,
} from '~/services/talk/sends.server';

export const meta: MetaFunction = () => [{ title: '알림톡 보내기 | 리드인' }];

// Composing a 알림톡 from an approved template, in three steps that carry the choice in the URL (GET forms and hidden
// fields), so every step works without JavaScript: 1 the template (operators also choose the academy), 2 the
// recipients (a class or chosen students; students, parents or both) and the values of the template's other
// variables, 3 the preview with the variables filled for the first recipient and the one send post. The send's key is
// made when the preview is shown: posting that page twice sends once.

type Step = 'template' | 'recipients' | 'preview';

const VALUE_PREFIX = 'v.';

/** The choice carried between the steps. */
function selectionOf(params: URLSearchParams | FormData) {
  const students = [
    ...new Set(
      params
        .getAll('student')
        .map((v) => positiveInt(v))
        .filter((v): v is number => v !== null),
    ),
  ].slice(0, 1000);
  const values: Record<string, string> = {};
  for (const [name, value] of params.entries()) {
    if (typeof value === 'string' && name.startsWith(VALUE_PREFIX) && name.length <= 40)
      values[name.slice(VALUE_PREFIX.length)] = value.slice(0, 200);
  }
  const target: SendInput['target'] = params.get('target') === 'students' ? 'students' : 'class';
  const audience = String(params.get('audience') ?? '');
  return {
    academyId: positiveInt(params.get('academy')),
    templateId: positiveInt(params.get('template')),
    target,
    classId: target === 'class' ? positiveInt(params.get('classId')) : null,
    studentIds: target === 'students' ? students : [],
    audience: Object.hasOwn(TALK_AUDIENCES, audience) ? audience : '',
    values,
  };
}
type Selection = ReturnType<typeof selectionOf>;

const inputOf = (s: Selection): SendInput => ({ ...s, audience: s.audience || null });

/** The selection as query parameters (links back to a step). */
function selectionQuery(s: Selection, step: Step) {
  const q = new URLSearchParams({ step });
  if (s.academyId) q.set('academy', String(s.academyId));
  if (s.templateId) q.set('template', String(s.templateId));
  q.set('target', s.target);
  if (s.classId) q.set('classId', String(s.classId));
  for (const id of s.studentIds) q.append('student', String(id));
  if (s.audience) q.set('audience', s.audience);
  for (const [name, value] of Object.entries(s.values)) q.set(`${VALUE_PREFIX}${name}`, value);
  return q.toString();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireTalkSender(request);
  const params = new URL(request.url).searchParams;
  const selection = selectionOf(params);
  const operator = isOperator(user);
  let step: Step = (['template', 'recipients', 'preview'] as const).find((s) => s === params.get('step')) ?? 'template';
  let error: string | null = null;
  const academies = operator ? await academyChoices() : [];
  if (operator && selection.academyId && !academies.some((a) => a.id === selection.academyId)) {
    selection.academyId = null;
    step = 'template';
    error = TALK_MESSAGES.chooseAcademy;
  }
  if (operator && !selection.academyId && step !== 'template') {
    step = 'template';
    error = TALK_MESSAGES.chooseAcademy;
  }
  try {
    if (step === 'preview') {
      try {
        const preview = await previewSend(user, inputOf(selection));
        return pageData({ step, selection, error, operator, academies, choices: null, preview, key: newSendKey() });
      } catch (e) {
        if (!isDomainError(e) || e.status === 404 || e.status === 403) throw e;
        step = e.code === 'TALK_TEMPLATE' || e.code === 'TALK_ACADEMY' ? 'template' : 'recipients';
        error = e.message;
      }
    }
    const choices = operator && !selection.academyId ? null : await composeChoices(user, selection.academyId);
    const template = choices?.templates.find((t) => t.id === selection.templateId) ?? null;
    if (step === 'recipients' && !template) {
      step = 'template';
      error ??= TALK_MESSAGES.chooseTemplate;
    }
    return pageData({
      step,
      selection,
      error,
      operator,
      academies,
      choices: choices && {
        academy: choices.academy,
        templates: choices.templates.map((t) => ({ id: t.id, name: t.name, body: t.body })),
        classes: choices.classes,
        students: choices.students,
        variables: template ? manualVariables(template.body) : [],
        template: template && { id: template.id, name: template.name, body: template.body },
      },
      preview: null,
      key: null,
    });
  } catch (e) {
    if (isDomainError(e)) throw domainErrorResponse(e);
    throw e;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireTalkSender(request);
  const form = await request.formData();
  const selection = selectionOf(form);
  try {
    const result = await sendTalk(user, inputOf(selection), String(form.get('key') ?? ''));
    return redirectWithFlash(
      `/talk/${result.sendId}`,
      result.created ? TALK_MESSAGES.sent(result.count) : TALK_MESSAGES.alreadySent,
      result.created ? 'success' : 'info',
    );
  } catch (e) {
    if (isDomainError(e)) {
      if (e.status === 404 || e.status === 403) throw domainErrorResponse(e);
      return json({ error: e.message }, { status: e.status });
    }
    throw e;
  }
}

const STEPS: { key: Step; label: string }[] = [
  { key: 'template', label: '템플릿' },
  { key: 'recipients', label: '받는 사람·내용' },
  { key: 'preview', label: '미리 보기' },
];

/** Hidden fields carrying the selection (except what the current form asks again). */
function Carry({ selection, only }: { selection: Selection; only: ('academy' | 'template' | 'recipients' | 'values')[] }) {
  return (
    <>
      {only.includes('academy') && selection.academyId ? <input type="hidden" name="academy" value={selection.academyId} /> : null}
      {only.includes('template') && selection.templateId ? <input type="hidden" name="template" value={selection.templateId} /> : null}
      {only.includes('recipients') ? (
        <>
          <input type="hidden" name="target" value={selection.target} />
          {selection.classId ? <input type="hidden" name="classId" value={selection.classId} /> : null}
          {selection.studentIds.map((id) => (
            <input key={id} type="hidden" name="student" value={id} />
          ))}
          {selection.audience ? <input type="hidden" name="audience" value={selection.audience} /> : null}
        </>
      ) : null}
      {only.includes('values')
        ? Object.entries(selection.values).map(([name, value]) => (
            <input key={name} type="hidden" name={`${VALUE_PREFIX}${name}`} value={value} />
          ))
        : null}
    </>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function TemplateStep({ data }: { data: Data }) {
  const { selection, choices, operator, academies } = data;
  return (
    <Form method="get" className="stack">
      <Carry selection={selection} only={['recipients', 'values']} />
      {operator ? (
        <div className="card field">
          <label htmlFor="academy">학원</label>
          <select id="academy" name="academy" defaultValue={selection.academyId ?? ''} required>
            <option value="">학원을 고르세요</option>
            {academies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
          {!choices ? (
            <div className="form-actions">
              <button type="submit" name="step" value="template" className="secondary">
                템플릿 보기
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {choices ? (
        <fieldset className="card stack">
          <legend>보낼 템플릿</legend>
          {choices.templates.length === 0 ? (
            <p className="muted">승인된 템플릿이 없습니다. 운영팀이 템플릿을 승인하면 보낼 수 있습니다.</p>
          ) : (
            <ul className="plain-list talk-templates">
              {choices.templates.map((t) => (
                <li key={t.id}>
                  <label>
                    <input type="radio" name="template" value={t.id} defaultChecked={selection.templateId === t.id} required />{' '}
                    <strong>{t.name}</strong>
                  </label>
                  <p className="talk-bubble">{t.body}</p>
                </li>
              ))}
            </ul>
          )}
          <p className="field-hint">
            카카오가 검수해 승인한 템플릿만 보낼 수 있습니다. 자유로운 공지는 알림톡으로 보낼 수 없으니 공지사항을 이용해 주세요.
          </p>
        </fieldset>
      ) : null}
      {choices?.templates.length ? (
        <div className="form-actions">
          <button type="submit" name="step" value="recipients">
            다음: 받는 사람
          </button>
        </div>
      ) : null}
    </Form>
  );
}

function RecipientsStep({ data }: { data: Data }) {
  const { selection, choices } = data;
  if (!choices?.template) return null;
  return (
    <Form method="get" className="stack">
      <Carry selection={selection} only={['academy', 'template']} />
      <div className="card">
        <p>
          템플릿: <strong>{choices.template.name}</strong>{' '}
          <Link to={`/talk/new?${selectionQuery(selection, 'template')}`}>다른 템플릿 고르기</Link>
        </p>
        <p className="talk-bubble">{choices.template.body}</p>
      </div>
      <ClassOrStudents
        legend="받는 학생"
        classes={choices.classes}
        students={choices.students}
        target={selection.target}
        classId={selection.classId}
        studentIds={selection.studentIds}
      />
      <fieldset className="card">
        <legend>받는 사람</legend>
        {Object.entries(TALK_AUDIENCES).map(([value, label]) => (
          <label key={value} className="talk-choice">
            <input type="radio" name="audience" value={value} defaultChecked={selection.audience === value} required /> {label}
          </label>
        ))}
        <p className="field-hint">학부모 번호는 학생 정보의 학부모 연락처로 보냅니다. 번호가 없는 사람은 빠집니다.</p>
      </fieldset>
      {choices.variables.length ? (
        <fieldset className="card stack">
          <legend>템플릿에 들어갈 내용</legend>
          <p className="field-hint">#&#123;학생명&#125;, #&#123;학원명&#125;, #&#123;반이름&#125;은 받는 사람마다 자동으로 채워집니다.</p>
          {choices.variables.map((name) => (
            <div className="field" key={name}>
              <label htmlFor={`value-${name}`}>#&#123;{name}&#125;</label>
              <input
                id={`value-${name}`}
                type="text"
                name={`${VALUE_PREFIX}${name}`}
                defaultValue={selection.values[name] ?? ''}
                maxLength={100}
                required
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="form-actions">
        <button type="submit" name="step" value="preview">
          다음: 미리 보기
        </button>
      </div>
    </Form>
  );
}

function PreviewStep({ data, busy, failed }: { data: Data; busy: boolean; failed?: string }) {
  const { preview, selection, key } = data;
  if (!preview || !key) return null;
  return (
    <div className="stack">
      <dl className="card student-facts">
        <div>
          <dt>학원</dt>
          <dd>{preview.academy.name}</dd>
        </div>
        <div>
          <dt>템플릿</dt>
          <dd>{preview.template.name}</dd>
        </div>
        <div>
          <dt>받는 사람</dt>
          <dd>{preview.audienceLabel}</dd>
        </div>
      </dl>
      <figure className="card talk-preview">
        <figcaption>첫 번째 받는 사람에게 가는 내용</figcaption>
        <p className="talk-bubble">{preview.previewText}</p>
      </figure>
      <p role="status">
        보낼 알림톡 <strong>{preview.sendable}건</strong>
        {preview.withoutPhone ? (
          <>
            , 번호가 없어 빠지는 사람 <strong>{preview.withoutPhone}명</strong>
          </>
        ) : null}
      </p>
      {failed ? (
        <div className="alert error" role="alert">
          {failed}
        </div>
      ) : null}
      <Form method="post" className="form-actions">
        <CsrfInput />
        <input type="hidden" name="key" value={key} />
        <Carry selection={selection} only={['academy', 'template', 'recipients', 'values']} />
        <Link className="button secondary" to={`/talk/new?${selectionQuery(selection, 'recipients')}`}>
          이전 단계
        </Link>
        <button type="submit" disabled={busy || preview.sendable === 0}>
          {preview.sendable}건 보내기
        </button>
      </Form>
      <div className="table-wrap">
        <table className="table">
          <caption>받는 사람 {preview.recipients.length}명</caption>
          <thead>
            <tr>
              <th scope="col">학생</th>
              <th scope="col">반</th>
              <th scope="col">받는 사람</th>
              <th scope="col">번호</th>
            </tr>
          </thead>
          <tbody>
            {preview.recipients.map((r) => (
              <tr key={`${r.studentId}-${r.role}`} className={r.phone ? undefined : 'muted'}>
                <th scope="row">{r.studentName}</th>
                <td>{r.className ?? '-'}</td>
                <td>{RECIPIENT_ROLE_LABELS[r.role]}</td>
                <td>{r.phone ?? '번호 없음 (보내지 않음)'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export default function TalkCompose() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <section className="stack" aria-labelledby="compose-title">
      <header className="page-title">
        <h1 id="compose-title">알림톡 보내기</h1>
        <p>승인된 템플릿을 반 전체나 고른 학생, 또는 그 학부모에게 보냅니다.</p>
      </header>
      <StepList steps={STEPS} current={data.step} label="보내기 단계" />
      {data.error ? (
        <div className="alert error" role="alert">
          {data.error}
        </div>
      ) : null}
      {data.step === 'template' ? <TemplateStep data={data} /> : null}
      {data.step === 'recipients' ? <RecipientsStep data={data} /> : null}
      {data.step === 'preview' ? (
        <PreviewStep data={data} busy={navigation.state === 'submitting'} failed={failed && 'error' in failed ? failed.error : undefined} />
      ) : null}
    </section>
  );
}
