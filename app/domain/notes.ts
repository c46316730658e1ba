import { enumRecord, NoteState, type Authority, type UserRole } from './enums';

// Reading notes (product.md §2 "Reading notes"): labels and messages shared by server and pages. No server imports.

/** Korean label of each note state, as the student, the teacher and the coach see it. */
export const NOTE_STATE_LABELS = enumRecord(NoteState, {
  NONE: '임시 저장',
  WRITE: '제출됨',
  TEACHER_SHOW: '선생님 확인',
  WAITING_CORRECT: '첨삭 대기',
  HOLD: '다시 쓰기 요청',
  COMMENT_COMPLETE: '완료',
});

/** Badge colour class per state. */
export const NOTE_STATE_TONES = enumRecord(NoteState, {
  NONE: 'draft',
  WRITE: 'new',
  TEACHER_SHOW: 'seen',
  WAITING_CORRECT: 'waiting',
  HOLD: 'hold',
  COMMENT_COMPLETE: 'done',
});

export function noteStateLabel(state: number): string {
  return NOTE_STATE_LABELS[state as NoteState] ?? '알 수 없음';
}

export const NOTE_ACTION_LABELS: Record<string, string> = {
  save: '임시 저장',
  submit: '제출',
  open: '확인',
  comment: '댓글',
  hold: '보류 (다시 쓰기 요청)',
  send: '코치에게 첨삭 요청',
  complete: '완료',
  correct: '첨삭 완료',
};

export const NOTE_ACTOR_LABELS: Record<string, string> = { STUDENT: '학생', TEACHER: '선생님', COACH: '첨삭 코치' };

/** Lengths of the texts of a note. */
export const NOTE_LIMITS = { noteMin: 20, noteMax: 5000, commentMax: 2000, correctionMax: 5000 } as const;

export const NOTE_MESSAGES = {
  conflict: '다른 사용자가 먼저 처리했습니다. 새로고침한 뒤 다시 확인해 주세요.',
  notFound: '독서 노트를 찾을 수 없습니다.',
  forbidden: '이 독서 노트를 볼 수 있는 권한이 없습니다.',
  bookNotReady: '독서 노트는 문제 분석을 마친 책에만 쓸 수 있습니다.',
  notEditable: '선생님이 확인한 독서 노트는 고칠 수 없습니다.',
  noteRequired: '독서 노트를 입력해 주세요.',
  noteTooShort: `독서 노트는 ${NOTE_LIMITS.noteMin}자 이상 써 주세요.`,
  noteTooLong: `독서 노트는 ${NOTE_LIMITS.noteMax.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.`,
  commentRequired: '댓글을 입력해 주세요.',
  holdReasonRequired: '보류하는 이유를 입력해 주세요.',
  commentTooLong: `댓글은 ${NOTE_LIMITS.commentMax.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.`,
  correctionRequired: '첨삭 내용을 입력해 주세요.',
  correctionTooLong: `첨삭은 ${NOTE_LIMITS.correctionMax.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.`,
  transitionRefused: '지금 상태에서는 할 수 없는 작업입니다.',
  assignedElsewhere: '다른 코치에게 배정된 노트입니다. 배정된 코치만 첨삭할 수 있습니다.',
  imageType: '이미지 파일(JPG, PNG, WEBP, GIF)만 올릴 수 있습니다.',
  imageTooLarge: '이미지는 10MB 이하만 올릴 수 있습니다.',
  // Flash messages after a successful action.
  saved: '독서 노트를 임시 저장했습니다.',
  submitted: '독서 노트를 제출했습니다. 선생님이 확인하면 알려 드릴게요.',
  resubmitted: '독서 노트를 다시 제출했습니다.',
  updated: '제출한 독서 노트를 고쳤습니다.',
  opened: '확인한 노트로 표시했습니다.',
  commented: '댓글을 남겼습니다.',
  held: '노트를 보류하고 학생에게 다시 쓰기를 요청했습니다.',
  sent: '코치에게 첨삭을 요청했습니다.',
  completed: '독서 노트 검토를 완료했습니다.',
  corrected: '첨삭을 저장했습니다. 학생에게 알림이 표시됩니다.',
  read: '새 댓글을 확인했습니다.',
} as const;

/** Student may change the text or image: a draft, a held note, or a submitted note no teacher has opened yet. */
export function studentCanEdit(state: number | null | undefined): boolean {
  return state === undefined || state === null || state === NoteState.NONE || state === NoteState.HOLD || state === NoteState.WRITE;
}

export const NOTES_PAGE_SIZE = 10;

/** What the browser checks of the note form before a round trip (the server's schema stays the authority). */
export const NOTE_CONSTRAINTS = { note: { required: true, maxLength: NOTE_LIMITS.noteMax } };

// The review (docs/decisions/007-reading-note-states.md):
//
//   student: (none) / NONE ──save──▶ NONE         NONE ──submit──▶ WRITE (book NOTE → COMPLETE, same transaction)
//            WRITE (not yet opened) ──save/submit──▶ WRITE          HOLD ──save──▶ HOLD, ──submit──▶ WRITE
//   teacher: WRITE ──open──▶ TEACHER_SHOW; WRITE | TEACHER_SHOW ──hold (reason)──▶ HOLD, ──send──▶ WAITING_CORRECT,
//            ──complete──▶ COMMENT_COMPLETE; comment: WRITE → TEACHER_SHOW, in any later state it stays
//   coach:   WAITING_CORRECT ──correct (첨삭)──▶ COMMENT_COMPLETE; comment in WAITING_CORRECT | COMMENT_COMPLETE
//            (send assigns the note to the least-loaded active coach; only that coach, or ADMIN1/ADMIN2, corrects it)
//
// Every change is `UPDATE notes … WHERE id = ? AND state = ? AND version = ?` and bumps the version: of two people
// acting on the same version, one wins and the other gets NOTE_CONFLICT (409) with nothing changed.

export type NoteViewer = { id: number; role: UserRole; authorities: Authority[]; organisationId: number | null };

/** The part a viewer plays in the review: the academy's teacher (HEAD or TEACHER), or a coach (COACH, ADMIN1, ADMIN2). */
export function reviewerRole(viewer: Pick<NoteViewer, 'role' | 'authorities'>): 'TEACHER' | 'COACH' | null {
  if (viewer.role === 'ADMIN' && viewer.authorities.some((a) => a === 'HEAD' || a === 'TEACHER')) return 'TEACHER';
  if (viewer.role === 'SUPER' && viewer.authorities.some((a) => a === 'COACH' || a === 'ADMIN1' || a === 'ADMIN2')) return 'COACH';
  return null;
}

export type ReviewAction = 'open' | 'comment' | 'hold' | 'send' | 'complete' | 'correct';

/** Allowed review transitions: action → from-state → to-state, per reviewer role. */
export const REVIEW_TRANSITIONS: Record<'TEACHER' | 'COACH', Partial<Record<ReviewAction, Partial<Record<NoteState, NoteState>>>>> = {
  TEACHER: {
    open: { [NoteState.WRITE]: NoteState.TEACHER_SHOW },
    comment: {
      [NoteState.WRITE]: NoteState.TEACHER_SHOW,
      [NoteState.TEACHER_SHOW]: NoteState.TEACHER_SHOW,
      [NoteState.HOLD]: NoteState.HOLD,
      [NoteState.WAITING_CORRECT]: NoteState.WAITING_CORRECT,
      [NoteState.COMMENT_COMPLETE]: NoteState.COMMENT_COMPLETE,
    },
    hold: { [NoteState.WRITE]: NoteState.HOLD, [NoteState.TEACHER_SHOW]: NoteState.HOLD },
    send: { [NoteState.WRITE]: NoteState.WAITING_CORRECT, [NoteState.TEACHER_SHOW]: NoteState.WAITING_CORRECT },
    complete: { [NoteState.WRITE]: NoteState.COMMENT_COMPLETE, [NoteState.TEACHER_SHOW]: NoteState.COMMENT_COMPLETE },
  },
  COACH: {
    correct: { [NoteState.WAITING_CORRECT]: NoteState.COMMENT_COMPLETE },
    comment: { [NoteState.WAITING_CORRECT]: NoteState.WAITING_CORRECT, [NoteState.COMMENT_COMPLETE]: NoteState.COMMENT_COMPLETE },
  },
};

/** The review actions a viewer may take on a note in `state` (pages show only these forms). */
export function allowedReviewActions(viewer: Pick<NoteViewer, 'role' | 'authorities'>, state: NoteState): ReviewAction[] {
  const role = reviewerRole(viewer);
  if (!role) return [];
  return (Object.entries(REVIEW_TRANSITIONS[role]) as [ReviewAction, Partial<Record<NoteState, NoteState>>][])
    .filter(([, from]) => from[state] !== undefined)
    .map(([action]) => action);
}

/** ADMIN1 and ADMIN2 oversee the coaches: they see every waiting note with its coach and may correct any of them. */
export function overseesCoaches(viewer: Pick<NoteViewer, 'authorities'>): boolean {
  return viewer.authorities.some((a) => a === 'ADMIN1' || a === 'ADMIN2');
}

/**
 * A note waiting for correction is its assigned coach's: another coach may open it but not correct it (ADMIN1 and
 * ADMIN2 may). An unassigned note (coachId null) is any coach's to take.
 */
export function assignedElsewhere(viewer: Pick<NoteViewer, 'id' | 'authorities'>, coachId: number | null): boolean {
  return coachId !== null && coachId !== viewer.id && !overseesCoaches(viewer);
}

/**
 * Who may see a note: its student, the teachers of the student's academy, coaches and ADMIN1/ADMIN2; a draft (NONE)
 * only its student.
 */
export function canViewNote(viewer: NoteViewer, note: { userId: number; organisationId: number | null; state: NoteState }): boolean {
  if (viewer.role === 'USER') return viewer.id === note.userId;
  if (note.state === NoteState.NONE) return false;
  const role = reviewerRole(viewer);
  if (role === 'TEACHER') return viewer.organisationId !== null && viewer.organisationId === note.organisationId;
  return role === 'COACH';
}
