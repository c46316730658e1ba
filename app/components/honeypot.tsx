import type { HoneypotInputProps } from 'remix-utils/honeypot/server';

/** The honeypot fields of a public form: hidden from people and screen readers, filled in only by bots. */
export function HoneypotFields({ props }: { props: HoneypotInputProps }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={props.nameFieldName}>이 칸은 비워 두세요</label>
      <input id={props.nameFieldName} name={props.nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {props.validFromFieldName ? <input type="hidden" name={props.validFromFieldName} value={props.encryptedValidFrom} /> : null}
    </div>
  );
}
