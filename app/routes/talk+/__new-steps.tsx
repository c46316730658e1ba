import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { ClassOrStudents } from '~/components/class-or-students';
import type { FormReply } from '~/components/form-client';
import { ListTable, type Column } from '~/components/list-page';
import { FactList } from '~/components/fact-list';
import { CarryChoices, NextStep, WizardConfirm, choicePairs, wizardHref } from '~/components/wizard';
import { RECIPIENT_ROLE_LABELS, TALK_AUDIENCES } from '~/domain/talk';
import type { TalkStep } from './__new.server';
import type { loader } from './__new-page.server';
import { Options } from '~/components/filter-select';

// The three steps of 알림톡 보내기 (/talk/new): each a GET form that carries what the other steps chose.

export const TALK_STEP_LABELS: { key: TalkStep; label: string }[] = [
  { key: 'template', label: '템플릿' },
  { key: 'recipients', label: '받는 사람·내용' },
  { key: 'preview', label: '미리 보기' },
];

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const stepHref = (data: Data, step: TalkStep) => wizardHref('/talk/new', { step }, choicePairs(data.choices));

export function TemplateStep({ data }: { data: Data }) {
  const { choices, compose, operator, academies } = data;
  return (
    <Form method="get" className="stack">
      <CarryChoices choices={choices} names={['target', 'classId', 'student', 'audience', 'v']} />
      {operator ? (
        <div className="card field">
          <label htmlFor="academy">학원</label>
          <select id="academy" name="academy" defaultValue={choices.academy ?? ''} required>
            <option value="">학원을 고르세요</option>
            <Options options={academies.map((a) => [a.id, a.name] as const)} />
          </select>
          {!compose ? (
            <div className="form-actions">
              <button type="submit" name="step" value="template" className="secondary">
                템플릿 보기
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {compose ? (
        <fieldset className="card stack">
          <legend>보낼 템플릿</legend>
          {compose.templates.length === 0 ? (
            <p className="muted">승인된 템플릿이 없습니다. 운영팀이 템플릿을 승인하면 보낼 수 있습니다.</p>
          ) : (
            <ul className="plain-list talk-templates">
              {compose.templates.map((t) => (
                <li key={t.id}>
                  <label>
                    <input type="radio" name="template" value={t.id} defaultChecked={choices.template === t.id} required />{' '}
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
      {compose?.templates.length ? <NextStep step="recipients" label="다음: 받는 사람" /> : null}
    </Form>
  );
}

export function RecipientsStep({ data }: { data: Data }) {
  const { choices, compose } = data;
  if (!compose?.template) return null;
  return (
    <Form method="get" className="stack">
      <CarryChoices choices={choices} names={['academy', 'template']} />
      <div className="card">
        <p>
          템플릿: <strong>{compose.template.name}</strong> <Link to={stepHref(data, 'template')}>다른 템플릿 고르기</Link>
        </p>
        <p className="talk-bubble">{compose.template.body}</p>
      </div>
      <ClassOrStudents
        legend="받는 학생"
        classes={compose.classes}
        students={compose.students}
        target={choices.target}
        classId={choices.classId}
        studentIds={choices.student}
      />
      <fieldset className="card">
        <legend>받는 사람</legend>
        {Object.entries(TALK_AUDIENCES).map(([value, label]) => (
          <label key={value} className="talk-choice">
            <input type="radio" name="audience" value={value} defaultChecked={choices.audience === value} required /> {label}
          </label>
        ))}
        <p className="field-hint">학부모 번호는 학생 정보의 학부모 연락처로 보냅니다. 번호가 없는 사람은 빠집니다.</p>
      </fieldset>
      {compose.variables.length ? (
        <fieldset className="card stack">
          <legend>템플릿에 들어갈 내용</legend>
          <p className="field-hint">#&#123;학생명&#125;, #&#123;학원명&#125;, #&#123;반이름&#125;은 받는 사람마다 자동으로 채워집니다.</p>
          {compose.variables.map((name) => (
            <div className="field" key={name}>
              <label htmlFor={`value-${name}`}>#&#123;{name}&#125;</label>
              <input id={`value-${name}`} type="text" name={`v.${name}`} defaultValue={choices.v[name] ?? ''} maxLength={100} required />
            </div>
          ))}
        </fieldset>
      ) : null}
      <NextStep step="preview" label="다음: 미리 보기" />
    </Form>
  );
}

type Recipient = NonNullable<Data['preview']>['recipients'][number];

const RECIPIENT_COLUMNS: Column<Recipient>[] = [
  { header: '학생', rowHeader: true, cell: (r) => r.studentName },
  { header: '반', cell: (r) => r.className ?? '-' },
  { header: '받는 사람', cell: (r) => RECIPIENT_ROLE_LABELS[r.role] },
  { header: '번호', cell: (r) => r.phone ?? '번호 없음 (보내지 않음)' },
];

export function PreviewStep({ data, lastResult }: { data: Data; lastResult: FormReply | undefined }) {
  const { preview, choices, key } = data;
  if (!preview || !key) return null;
  return (
    <div className="stack">
      <FactList
        facts={[
          ['학원', preview.academy.name],
          ['템플릿', preview.template.name],
          ['받는 사람', preview.audienceLabel],
        ]}
      />
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
      <WizardConfirm
        choices={choices}
        backHref={stepHref(data, 'recipients')}
        label={`${preview.sendable}건 보내기`}
        disabled={preview.sendable === 0}
        lastResult={lastResult}
      >
        <input type="hidden" name="key" value={key} />
      </WizardConfirm>
      <ListTable
        caption={`받는 사람 ${preview.recipients.length}명`}
        showCaption
        columns={RECIPIENT_COLUMNS}
        rows={preview.recipients}
        rowKey={(r) => `${r.studentId}-${r.role}`}
        rowClassName={(r) => (r.phone ? undefined : 'muted')}
        empty="받는 사람이 없습니다."
      />
    </div>
  );
}
