import type { ReactNode } from 'react';
import type { FieldMetadata } from '~/components/form-client';
import { GradeField, SelectField, TextField } from '~/components/form-fields';

// The student's details as the academy writes them, on the add and the edit page alike: name, grade, class and the
// parent's phone. The class list is the staff member's open classes; a head may leave a student without a class.

type Fields = Record<'name' | 'grade' | 'classId' | 'parentPhone', FieldMetadata>;

export function StudentDetailsFields({
  fields,
  classOptions,
  noClass,
  classHint,
  afterName,
}: {
  fields: Fields;
  classOptions: { id: number; name: string }[];
  /** The empty choice of the class list ('반 없음 …' for a head, '반을 선택해 주세요' for a teacher); none when absent. */
  noClass?: string;
  classHint?: string;
  /** Fields between the name and the grade (the login id when adding). */
  afterName?: ReactNode;
}) {
  return (
    <>
      <TextField label="이름" meta={fields.name} autoComplete="off" />
      {afterName}
      <GradeField meta={fields.grade} />
      <SelectField
        label="반"
        meta={fields.classId}
        empty={noClass}
        options={classOptions.map((c) => ({ value: c.id, label: c.name }))}
        hint={classHint}
      />
      <TextField label="학부모 연락처 (선택)" meta={fields.parentPhone} type="tel" inputMode="tel" autoComplete="off" />
    </>
  );
}
