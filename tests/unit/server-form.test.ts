import * as conform from '@conform-to/react';
import { describe, expect, it } from 'vitest';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '~/components/form-client';

// The student's and account pages' forms dropped conform's client code for app/components/form-client.ts: the markup
// (ids, constraints, aria attributes, default values) must stay what conform's helpers wrote.
const meta = (over: Partial<FieldMetadata> = {}): FieldMetadata => ({
  id: 'f-loginId',
  name: 'loginId',
  formId: 'f',
  errorId: 'f-loginId-error',
  descriptionId: 'f-loginId-description',
  errors: undefined,
  initialValue: undefined,
  required: true,
  maxLength: 50,
  ...over,
});
const cases: FieldMetadata[] = [
  meta(),
  meta({ errors: ['아이디를 입력해 주세요.'], initialValue: 'kim' }),
  meta({ required: undefined, minLength: 8, pattern: '[a-z0-9]{4,20}', initialValue: 'on' }),
  meta({ initialValue: ['a', 'b'], multiple: true }),
];
const theirs = (m: FieldMetadata) => m as unknown as conform.FieldMetadata<string, Record<string, unknown>, string[]>;
// conform types checkboxes and text inputs as two overloads; the runtime function is one.
const theirInput = conform.getInputProps as (m: unknown, options: { type: string; ariaDescribedBy?: string }) => unknown;

describe('server-form helpers write what conform wrote', () => {
  it.each(cases)('inputs, selects and textareas (%#)', (m) => {
    for (const type of ['text', 'password', 'checkbox'] as const) {
      expect(getInputProps(m, { type })).toEqual(theirInput(m, { type }));
      expect(getInputProps(m, { type, ariaDescribedBy: 'hint' })).toEqual(theirInput(m, { type, ariaDescribedBy: 'hint' }));
    }
    expect(getSelectProps(m)).toEqual(conform.getSelectProps(theirs(m)));
    expect(getTextareaProps(m)).toEqual(conform.getTextareaProps(theirs(m)));
  });

  it('the form element', () => {
    const form = { id: 'f', errorId: 'f-error', errors: undefined, noValidate: true };
    expect(getFormProps(form)).toEqual({ id: 'f', noValidate: true });
    expect(getFormProps({ ...form, errors: ['아이디 또는 비밀번호가 올바르지 않습니다.'] })).toEqual({
      id: 'f',
      noValidate: true,
      'aria-describedby': 'f-error',
    });
  });
});
