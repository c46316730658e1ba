import { SendState } from '~/domain/enums';
import { SEND_STATE_LABELS } from '~/domain/talk';

const STATE_ORDER = [SendState.COMPLETE, SendState.SENDING, SendState.WAITING, SendState.FAIL] as const;

/** A send's messages per state: 완료 5 · 발송 중 1 · 대기 0 · 실패 1. */
export function TalkStateCounts({ counts }: { counts: Record<number, number> }) {
  return (
    <span className="talk-counts">
      {STATE_ORDER.map((s) => (
        <span key={s} className={`badge talk-state-${s}${counts[s] ? '' : ' zero'}`}>
          {SEND_STATE_LABELS[s]} {counts[s] ?? 0}
        </span>
      ))}
    </span>
  );
}
