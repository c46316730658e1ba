import type { ReactNode } from 'react';
import { Options } from '~/components/filter-select';

type Choice = { id: number; name: string };
type Student = { id: number; name: string; loginId: string; className: string | null };

/**
 * Whom a form is for (도서 배정, 알림톡 보내기): a whole class (a select) or chosen students (checkboxes), as radio choices
 * named `target` ('class' | 'students'), `classId` and `student`. `narrow` goes under '고른 학생' (a class filter).
 */
export function ClassOrStudents({
  legend,
  classes,
  students,
  target,
  classId,
  studentIds,
  narrow,
}: {
  legend: string;
  classes: Choice[];
  students: Student[];
  target: 'class' | 'students';
  classId: number | null;
  studentIds: number[];
  narrow?: ReactNode;
}) {
  const chosen = new Set(studentIds);
  return (
    <fieldset className="card stack">
      <legend>{legend}</legend>
      <div className="field">
        <label>
          <input type="radio" name="target" value="class" defaultChecked={target === 'class'} /> 반 전체
        </label>
        <label htmlFor="classId" className="sr-only">
          반
        </label>
        <select id="classId" name="classId" defaultValue={classId ?? ''}>
          <option value="">반을 고르세요</option>
          <Options options={classes.map((c) => [c.id, c.name] as const)} />
        </select>
      </div>
      <div className="field">
        <label>
          <input type="radio" name="target" value="students" defaultChecked={target === 'students'} /> 고른 학생
        </label>
        {narrow}
        {students.length === 0 ? (
          <p className="muted">학생이 없습니다.</p>
        ) : (
          <ul className="check-list" aria-label="학생 목록" style={{ listStyle: 'none', paddingLeft: 0, columns: '16rem' }}>
            {students.map((s) => (
              <li key={s.id}>
                <label>
                  <input type="checkbox" name="student" value={s.id} defaultChecked={chosen.has(s.id)} /> {s.name} ({s.loginId})
                  {s.className ? <span className="muted"> · {s.className}</span> : null}
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
