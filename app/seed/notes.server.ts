import { studyTime } from './times';
import { eq, inArray } from 'drizzle-orm';
import { BookStatus, NoteState } from '~/domain/enums';
import type { Tx } from '~/db/client.server';
import { books, noteHistory, notes, resultBooks, users } from '~/db/schema';
import type { NoteAction, NoteActorRole } from '~/db/schema';
import { withParticle } from '~/domain/korean';

// Reading notes of the demo students (product.md §5: notes in every note state), written on their COMPLETE books,
// each with its history: the student's submission, the teacher's comments, holds and requests, the coach's 첨삭.
// `student` also has a draft (NONE) on the first of its NOTE books.

const S = NoteState;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** What the students wrote, by book title. */
export const NOTE_TEXTS: Record<string, string> = {
  하이디:
    '하이디가 알프스 산에서 염소들과 뛰어노는 장면을 읽을 때 나도 같이 풀밭을 달리는 것 같았다. 처음에는 무뚝뚝하던 할아버지가 하이디 덕분에 점점 웃게 되는 모습이 가장 기억에 남는다. 프랑크푸르트에 간 하이디가 산을 그리워하며 밤마다 몰래 우는 장면에서는 마음이 아팠다. 클라라가 산에 와서 스스로 걷게 되었을 때는 정말 기뻐서 소리를 지를 뻔했다. 나도 하이디처럼 주변 사람을 밝게 만드는 친구가 되고 싶다.',
  '이상한 나라의 앨리스':
    '앨리스가 토끼굴로 떨어지는 것이 재미있었다. 몸이 커졌다 작아졌다 해서 신기했다. 모자 장수가 이상했다. 여왕이 무서웠다.',
  홍길동전:
    '홍길동은 아버지를 아버지라 부르지 못하고 형을 형이라 부르지 못해서 많이 슬퍼했다. 나는 태어난 집안 때문에 차별을 받는다는 것이 너무 억울할 것 같다고 생각했다. 길동이 활빈당을 만들어 나쁜 관리들의 재물을 빼앗아 가난한 백성에게 나누어 준 것은 통쾌했다. 하지만 남의 물건을 빼앗는 것이 꼭 옳은 방법이었는지는 잘 모르겠다. 오늘날에도 보이지 않는 차별이 있는지 친구들과 이야기해 보고 싶다.',
  '지구가 보내는 기후 편지':
    '빙하가 보낸 편지에서 북극곰이 쉴 곳이 점점 줄어든다는 내용을 읽고 깜짝 놀랐다. 바다가 뜨거워지면 산호가 하얗게 변해서 죽는다는 사실도 처음 알았다. 이 책은 어려운 과학 이야기를 편지로 들려줘서 이해하기 쉬웠다. 나는 오늘부터 안 쓰는 방의 불을 끄고, 가까운 거리는 걸어 다니기로 했다. 우리 가족에게도 이 책에서 배운 것을 알려 주고 싶다.',
  '키다리 아저씨':
    '주디가 키다리 아저씨에게 보낸 편지만으로 이야기가 이어지는 것이 새로웠다. 고아원에서만 자란 주디가 대학에서 처음 보는 것들을 신기해하며 솔직하게 적은 부분이 재미있었다. 주디는 힘든 일이 있어도 유머를 잃지 않고 자기 생각을 당당하게 말한다. 마지막에 키다리 아저씨의 정체가 밝혀졌을 때 앞에 나온 장면들이 다시 떠올라서 한 번 더 읽고 싶어졌다. 나도 하루에 있었던 일을 편지처럼 써 보면 글쓰기 실력이 늘 것 같다.',
  '로빈슨 크루소':
    '로빈슨은 무인도에 혼자 남았는데도 포기하지 않고 배에서 쓸 만한 물건을 하나하나 옮겼다. 나라면 무서워서 아무것도 못 했을 것 같다. 로빈슨이 날짜를 잊지 않으려고 나무 기둥에 금을 그은 장면이 인상 깊었다. 곡식을 심고 염소를 길러 먹을 것을 스스로 마련하는 모습에서 끈기를 배웠다. 프라이데이를 만난 뒤 로빈슨이 덜 외로워 보여서 다행이라고 생각했다.',
  '갈매기의 꿈':
    '다른 갈매기들은 먹이를 먹기 위해서만 나는데 조나단은 더 빠르고 높이 나는 것 자체를 좋아했다. 무리에서 쫓겨났을 때도 조나단이 연습을 멈추지 않은 것이 대단하다고 느꼈다. 나는 피아노 연습이 힘들 때 쉽게 그만두고 싶어지는데, 조나단을 보면서 좋아하는 일을 끝까지 해 보고 싶어졌다. 마지막에 조나단이 다른 갈매기들을 가르치는 장면에서 배운 것을 나누는 것도 중요하다는 것을 알았다.',
  '톰 소여의 모험':
    '톰이 울타리에 페인트를 칠하는 일을 친구들이 하고 싶어 하게 만든 장면이 정말 웃겼다. 톰은 장난꾸러기지만 머프 포터 아저씨가 억울하게 범인으로 몰렸을 때 용기를 내서 법정에서 진실을 말했다. 무서웠을 텐데도 옳은 일을 선택한 톰이 멋있었다. 동굴에서 길을 잃었을 때 베키를 끝까지 챙기는 모습도 좋았다. 친구 허크와 보물을 찾는 모험 이야기를 읽으며 나도 여름 방학에 탐험을 해 보고 싶어졌다.',
  '80일간의 세계 일주':
    '포그 씨는 모든 일을 시계처럼 정확하게 하는 사람이라 처음에는 조금 차가워 보였다. 그런데 여행 중에 아우다 부인을 구하려고 위험을 무릅쓰는 것을 보고 따뜻한 사람이라는 것을 알았다. 기차가 끊기자 썰매에 돛을 달아 달리는 장면이 특히 재미있었다. 마지막에 날짜 변경선 때문에 하루를 벌었다는 반전을 읽고 지구본을 꺼내 직접 확인해 보았다. 계획을 세우는 것도 중요하지만 예상하지 못한 일에 침착하게 대처하는 힘이 더 중요하다고 느꼈다.',
  '플랜더스의 개':
    '네로와 파트라셰가 우유 수레를 끌고 매일 안트베르펜에 가는 장면이 평화로워 보였다. 네로는 가난했지만 그림을 그리고 싶은 꿈을 한 번도 버리지 않았다. 마을 사람들이 네로를 오해하고 외면할 때 너무 속상했다. 마지막에 성당에서 루벤스의 그림을 보는 장면에서는 눈물이 났다. 어려운 친구를 오해하지 않고 먼저 손을 내미는 사람이 되고 싶다.',
  '걸리버 여행기': '걸리버가 소인국에 갔다. 사람들이 작아서 걸리버를 묶었다. 거인국에서는 걸리버가 작아졌다. 재미있었다.',
  '안네의 일기':
    '안네는 좁은 은신처에서 2년 동안 숨어 지내면서도 일기장 키티에게 솔직한 마음을 털어놓았다. 밖에 나갈 수도, 큰 소리로 웃을 수도 없는 생활이 얼마나 답답했을지 상상하기 어려웠다. 그런데도 안네는 작가가 되고 싶다는 꿈을 꾸고, 사람들의 마음속에는 선함이 있다고 믿었다. 이 일기가 끝난 뒤 안네가 수용소에서 세상을 떠났다는 사실을 알고 한참 동안 책을 덮지 못했다. 전쟁과 차별이 한 사람의 꿈을 어떻게 빼앗는지 잊지 말아야겠다고 생각했다.',
};

const DRAFTS: Record<string, string> = {
  정글북: '모글리는 늑대 가족에게서 자랐지만 자기가 사람이라는 것을 알게 된다. 발루가 정글의 법칙을 가르쳐 주는 장면이',
};

export function fallbackText(title: string, summary: string) {
  return `${withParticle(`『${title}』`, '을/를')} 읽었다. ${summary} 읽으면서 주인공이라면 어떤 선택을 했을지 계속 생각해 보았다. 가장 기억에 남는 장면을 친구에게도 이야기해 주고 싶다.`;
}

type Step = { action: NoteAction; by: NoteActorRole; to: NoteState; comment?: string; hours: number };
/** `title`: the book the comments were written for; plans without one take the student's remaining books in order. */
type Plan = { title?: string; state: NoteState; steps: Step[]; noteInput?: string; correction?: string; unread?: boolean };

const TEACHER_OPEN: Step = { action: 'open', by: 'TEACHER', to: S.TEACHER_SHOW, hours: 20 };

/** The note plan of each demo student's COMPLETE books, in order of assignment. */
const PLANS: Record<string, Plan[]> = {
  student: [
    {
      title: '하이디',
      state: S.COMMENT_COMPLETE,
      unread: true,
      steps: [
        TEACHER_OPEN,
        {
          action: 'send',
          by: 'TEACHER',
          to: S.WAITING_CORRECT,
          hours: 22,
          comment: '장면마다 느낀 점이 잘 드러났어요. 코치 선생님께 문장 첨삭을 부탁드릴게요.',
        },
        {
          action: 'correct',
          by: 'COACH',
          to: S.COMMENT_COMPLETE,
          hours: 70,
          comment: '하늘 학생, 하이디의 마음을 따라가며 읽은 것이 글에 잘 느껴져요. 아래 첨삭을 참고해 다음 노트도 멋지게 써 봐요!',
        },
      ],
      noteInput: '하늘 학생, 하이디의 마음을 따라가며 읽은 것이 글에 잘 느껴져요. 아래 첨삭을 참고해 다음 노트도 멋지게 써 봐요!',
      correction:
        '① "나도 같이 풀밭을 달리는 것 같았다" → "나도 하이디와 함께 풀밭을 달리는 기분이 들었다"처럼 누구와 함께였는지 밝혀 주면 장면이 더 또렷해져요.\n② "소리를 지를 뻔했다"는 생생한 표현이에요. 왜 그렇게 기뻤는지 한 문장을 덧붙이면 더 좋아요. 예) 클라라가 얼마나 오래 걷고 싶어 했는지 알고 있었기 때문이다.\n③ 마지막 문장의 다짐이 좋아요. 내가 실제로 해 볼 수 있는 일을 하나 적어 보면 글이 더 힘 있게 끝나요.',
    },
    {
      title: '이상한 나라의 앨리스',
      state: S.HOLD,
      unread: true,
      steps: [
        TEACHER_OPEN,
        {
          action: 'hold',
          by: 'TEACHER',
          to: S.HOLD,
          hours: 24,
          comment:
            '줄거리만 짧게 적혀 있어요. 가장 이상하다고 느낀 장면 하나를 골라, 왜 그렇게 느꼈는지 3문장 이상 더 써서 다시 제출해 주세요.',
        },
      ],
      noteInput:
        '줄거리만 짧게 적혀 있어요. 가장 이상하다고 느낀 장면 하나를 골라, 왜 그렇게 느꼈는지 3문장 이상 더 써서 다시 제출해 주세요.',
    },
    {
      title: '홍길동전',
      state: S.TEACHER_SHOW,
      unread: true,
      steps: [
        TEACHER_OPEN,
        {
          action: 'comment',
          by: 'TEACHER',
          to: S.TEACHER_SHOW,
          hours: 26,
          comment: '남의 물건을 빼앗는 방법이 옳았는지 스스로 질문한 점이 훌륭해요. 수업 시간에 함께 토론해 봐요.',
        },
      ],
      noteInput: '남의 물건을 빼앗는 방법이 옳았는지 스스로 질문한 점이 훌륭해요. 수업 시간에 함께 토론해 봐요.',
    },
    { state: S.WRITE, steps: [] },
  ],
  student2: [
    {
      title: '로빈슨 크루소',
      state: S.COMMENT_COMPLETE,
      steps: [
        TEACHER_OPEN,
        { action: 'send', by: 'TEACHER', to: S.WAITING_CORRECT, hours: 23 },
        { action: 'correct', by: 'COACH', to: S.COMMENT_COMPLETE, hours: 60, comment: '끈기를 배웠다는 생각이 잘 정리되었어요.' },
      ],
      noteInput: '끈기를 배웠다는 생각이 잘 정리되었어요.',
      correction:
        '① "나라면 무서워서 아무것도 못 했을 것 같다"에 이어, 로빈슨과 나의 차이가 무엇인지 한 문장 더 써 보면 생각이 깊어져요.\n② "날짜를 잊지 않으려고"라는 까닭을 잘 찾았어요. 그 장면이 왜 인상 깊었는지도 함께 적어 보세요.',
    },
    {
      title: '키다리 아저씨',
      state: S.WAITING_CORRECT,
      steps: [
        TEACHER_OPEN,
        {
          action: 'send',
          by: 'TEACHER',
          to: S.WAITING_CORRECT,
          hours: 21,
          comment: '편지 형식에 대한 생각이 좋네요. 문단 나누기를 코치 선생님께 첨삭받아 봅시다.',
        },
      ],
      noteInput: '편지 형식에 대한 생각이 좋네요. 문단 나누기를 코치 선생님께 첨삭받아 봅시다.',
      unread: true,
    },
    { state: S.WRITE, steps: [] },
  ],
  student3: [{ state: S.TEACHER_SHOW, steps: [TEACHER_OPEN] }],
  student4: [{ state: S.WAITING_CORRECT, steps: [TEACHER_OPEN, { action: 'send', by: 'TEACHER', to: S.WAITING_CORRECT, hours: 21 }] }],
  student5: [
    {
      state: S.COMMENT_COMPLETE,
      steps: [
        TEACHER_OPEN,
        {
          action: 'complete',
          by: 'TEACHER',
          to: S.COMMENT_COMPLETE,
          hours: 22,
          comment: '지구본으로 직접 확인해 본 태도가 멋져요. 생각이 잘 정리된 노트입니다.',
        },
      ],
      noteInput: '지구본으로 직접 확인해 본 태도가 멋져요. 생각이 잘 정리된 노트입니다.',
    },
  ],
  student6: [{ state: S.WAITING_CORRECT, steps: [TEACHER_OPEN, { action: 'send', by: 'TEACHER', to: S.WAITING_CORRECT, hours: 30 }] }],
  student7: [
    {
      state: S.HOLD,
      steps: [
        TEACHER_OPEN,
        {
          action: 'hold',
          by: 'TEACHER',
          to: S.HOLD,
          hours: 25,
          comment:
            '걸리버가 여행한 나라 가운데 하나를 골라, 그 나라 사람들의 모습이 우리 사회의 어떤 점을 꼬집는지 생각해서 다시 써 주세요.',
        },
      ],
      noteInput: '걸리버가 여행한 나라 가운데 하나를 골라, 그 나라 사람들의 모습이 우리 사회의 어떤 점을 꼬집는지 생각해서 다시 써 주세요.',
      unread: true,
    },
  ],
  student9: [{ state: S.WRITE, steps: [] }],
};

export async function seedNotes(tx: Tx) {
  const people = await tx
    .select({ id: users.id, loginId: users.loginId, organisationId: users.organisationId, role: users.role })
    .from(users)
    .where(inArray(users.loginId, [...Object.keys(PLANS), 'teacher', 'teacher2', 'coach']));
  const byLogin = new Map(people.map((p) => [p.loginId, p]));
  const coach = byLogin.get('coach');
  const rows = await tx
    .select({
      id: resultBooks.id,
      userId: resultBooks.userId,
      status: resultBooks.status,
      completedAt: resultBooks.completedAt,
      title: books.title,
      summary: books.summary,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(inArray(resultBooks.status, [BookStatus.COMPLETE, BookStatus.NOTE]))
    .orderBy(resultBooks.assignedAt, resultBooks.id);

  for (const [loginId, plans] of Object.entries(PLANS)) {
    const who = byLogin.get(loginId);
    if (!who || !coach) continue;
    const teacher = people.find((p) => p.role === 'ADMIN' && p.organisationId === who.organisationId);
    if (!teacher) continue;
    // Plans written for a book go to that book; the others take the remaining books in order of assignment.
    const complete = rows.filter((r) => r.userId === who.id && r.status === BookStatus.COMPLETE);
    const pairs: [Plan, (typeof complete)[number]][] = [];
    const free = [...complete];
    const untitled: Plan[] = [];
    for (const plan of plans) {
      const at = plan.title ? free.findIndex((b) => b.title === plan.title) : -1;
      if (at >= 0) pairs.push([plan, free.splice(at, 1)[0]]);
      else untitled.push({ ...plan, title: undefined });
    }
    for (const plan of untitled) {
      const book = free.shift();
      if (book) pairs.push([plan, book]);
    }
    for (const [plan, book] of pairs) {
      const submittedAt = book.completedAt ?? studyTime(Date.now() - 30 * DAY, book.id);
      const text = NOTE_TEXTS[book.title] ?? fallbackText(book.title, book.summary);
      const last = plan.steps.at(-1);
      const stateChangedAt = last ? new Date(submittedAt.getTime() + last.hours * HOUR) : submittedAt;
      const commented = [...plan.steps].reverse().find((s) => s.comment);
      const [note] = await tx
        .insert(notes)
        .values({
          resultBookId: book.id,
          userId: who.id,
          note: text,
          noteInput: plan.noteInput ?? null,
          correction: plan.correction ?? null,
          state: plan.state,
          version: 2 + plan.steps.length,
          submittedAt,
          stateChangedAt,
          hasUnreadComment: Boolean(plan.unread),
          commentedAt: commented ? new Date(submittedAt.getTime() + commented.hours * HOUR) : null,
          createdAt: new Date(submittedAt.getTime() - 2 * HOUR),
          updatedAt: stateChangedAt,
        })
        .returning({ id: notes.id });
      // A note sent back for rewriting puts its book back at the note step (decision 016).
      if (plan.state === S.HOLD) {
        await tx.update(resultBooks).set({ status: BookStatus.NOTE, completedAt: null }).where(eq(resultBooks.id, book.id));
      }
      let from: NoteState = S.NONE;
      const history = [
        {
          action: 'submit' as NoteAction,
          by: 'STUDENT' as NoteActorRole,
          to: S.WRITE as NoteState,
          hours: 0,
          comment: undefined as string | undefined,
        },
        ...plan.steps,
      ];
      await tx.insert(noteHistory).values(
        history.map((step) => {
          const entry = {
            noteId: note.id,
            actorId: step.by === 'STUDENT' ? who.id : step.by === 'COACH' ? coach.id : teacher.id,
            actorRole: step.by,
            action: step.action,
            fromState: from,
            toState: step.to,
            comment: step.action === 'correct' ? [plan.correction, step.comment].filter(Boolean).join('\n\n') : (step.comment ?? null),
            createdAt: new Date(submittedAt.getTime() + step.hours * HOUR),
          };
          from = step.to;
          return entry;
        }),
      );
    }
  }

  // A draft on the first NOTE book of `student`.
  const student = byLogin.get('student');
  const noteBook = student && rows.find((r) => r.userId === student.id && r.status === BookStatus.NOTE);
  if (student && noteBook) {
    const at = studyTime(Date.now() - 2 * DAY, noteBook.id);
    await tx.insert(notes).values({
      resultBookId: noteBook.id,
      userId: student.id,
      note: DRAFTS[noteBook.title] ?? `${withParticle(`『${noteBook.title}』`, '을/를')} 읽고 가장 먼저 떠오른 장면은`,
      state: S.NONE,
      createdAt: at,
      updatedAt: at,
      stateChangedAt: at,
    });
  }
}
