// The steps of `npm run seed:scale` (scripts/seed-scale.ts): set-based SQL that writes a country's academies, members
// and a school year of their activity next to the demo data. Every step is a list of statements run in one
// transaction and recorded in seed_runs as `scale:<step>`, so a second run of the same database adds nothing.
//
// Randomness is a hash of the row's number (`hashint4`), never random(): the same factor gives the same rows whatever
// the plan (parallel workers included). The `scale` schema keeps the generated ids per ordinal for later steps and for
// `npm run bench:scale`; the app never reads it.

/**
 * `withoutTriggers` ('table.trigger'): row triggers the step turns off inside its transaction (so a stopped run leaves
 * them on) because its SQL keeps their figures itself, set-based: the reading_months rollup (drizzle/0019) costs one
 * upsert per row through its trigger, about as long as the 20 M reading records themselves. The academy-month rollup
 * (academy_months' reading columns, drizzle/0023), fed by reading_months' trigger, is off in the same steps and
 * rebuilt from reading_months once they are done (academyMonthsSql).
 */
export type ScaleStep = { name: string; sql: string[]; withoutTriggers?: string[] };

/** A number in [0, 1) from an integer and a salt, the same on every run. */
const u = (expr: string, salt: number) => `((hashint4((${expr})::int * 31 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '전'];
const SYLLABLES = '민서지하준윤우현수예은도연유채주시아건진영호성원빈혜린나다율'.split('');
const REGIONS = [
  '서울',
  '부산',
  '대구',
  '인천',
  '광주',
  '대전',
  '울산',
  '세종',
  '경기',
  '강원',
  '충북',
  '충남',
  '전북',
  '전남',
  '경북',
  '경남',
  '제주',
];
const ADJECTIVES = [
  '푸른',
  '새싹',
  '한빛',
  '다온',
  '늘봄',
  '해솔',
  '가온',
  '별빛',
  '온누리',
  '책사랑',
  '슬기',
  '마루',
  '이음',
  '나래',
  '참빛',
];
const NOUNS = ['독서', '논술', '리딩', '책읽기', '국어', '독서논술', '어린이독서'];
const DONGS = [
  '역삼',
  '대치',
  '목동',
  '중계',
  '분당',
  '일산',
  '평촌',
  '수지',
  '동탄',
  '광교',
  '해운대',
  '수성',
  '둔산',
  '상무',
  '송도',
  '청라',
  '봉명',
  '효자',
  '노형',
  '연수',
  '범어',
  '서면',
  '마포',
  '잠실',
  '판교',
  '인계',
  '상동',
  '산본',
  '화정',
  '배곧',
];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]::text[]`;
/** A Korean name (surname and two syllables) from an ordinal. */
const koreanName = (expr: string, salt: number) =>
  `(${arr(SURNAMES)})[1 + (hashint4((${expr}) * 7 + ${salt}) & 2147483647) % ${SURNAMES.length}]` +
  ` || (${arr(SYLLABLES)})[1 + (hashint4((${expr}) * 11 + ${salt}) & 2147483647) % ${SYLLABLES.length}]` +
  ` || (${arr(SYLLABLES)})[1 + (hashint4((${expr}) * 13 + ${salt}) & 2147483647) % ${SYLLABLES.length}]`;

export type ScaleFigures = {
  branches: number;
  agencies: number;
  academies: number;
  students: number;
  books: number;
  messages: number;
  audit: number;
};

export function figures(factor: number): ScaleFigures {
  return {
    branches: Math.max(2, Math.min(REGIONS.length, Math.ceil(REGIONS.length * Math.min(1, factor * 10)))),
    agencies: Math.max(2, Math.round(100 * factor)),
    academies: Math.max(4, Math.round(2000 * factor)),
    students: Math.max(100, Math.round(200_000 * factor)),
    books: Math.max(60, Math.round(3000 * factor)),
    messages: Math.max(200, Math.round(2_000_000 * factor)),
    audit: Math.max(200, Math.round(200_000 * factor)),
  };
}

/** Chunks of a big step (each its own transaction), so progress shows and a stopped run resumes. */
export function chunks(total: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 1; from <= total; from += size) out.push([from, Math.min(total, from + size - 1)]);
  return out;
}

/**
 * The steps for a factor. `today` is the Seoul date 'YYYY-MM-DD'; `hash` the demo password's hash (every generated
 * member signs in with the demo password).
 */
export function scaleSteps(factor: number, today: string, hash: string): ScaleStep[] {
  const n = figures(factor);
  const day = (offset: string) => `('${today}'::date + (${offset})::int)`;
  // The Seoul midday of a date, as a timestamp.
  const at = (date: string) => `((${date})::timestamp + interval '12 hours') at time zone 'Asia/Seoul'`;
  const steps: ScaleStep[] = [];

  steps.push({
    name: 'organisations',
    sql: [
      `create schema if not exists scale`,
      `create table scale.academies (ord int primary key, id int not null, branch_id int not null, size int not null default 0)`,
      `create table scale.students (ord int primary key, id int not null, academy_ord int not null, class_id int, teacher_id int, books int not null)`,
      `create table scale.books (ord int primary key, id int not null, pages int not null, version_id int)`,
      `create table scale.branches (ord int primary key, id int not null)`,
      `create table scale.agencies (ord int primary key, id int not null, branch_ord int not null)`,
      `with b as (
         insert into organisations (kind, name, region, status, settlement_rate, created_at)
         select 'branch', r.name || ' 지사', r.name, 'ACTIVE', 1500, now() - interval '400 days'
         from unnest(${arr(REGIONS)}) with ordinality r(name, ord) where r.ord <= ${n.branches}
           and not exists (select 1 from organisations o where o.kind = 'branch' and o.name = r.name || ' 지사')
         order by r.ord returning id, region)
       insert into scale.branches select row_number() over (order by id), id from b`,
      `with a as (
         insert into agencies (branch_id, name, contact_name, phone, settlement_rate, created_at)
         select (select id from scale.branches where ord = 1 + (g - 1) % ${n.branches}),
                (${arr(DONGS)})[1 + (g - 1) % ${DONGS.length}] || ' 대리점 ' || g, ${koreanName('g', 1)},
                '010-7' || lpad(g::text, 3, '0') || '-' || lpad((g * 37 % 10000)::text, 4, '0'), 1000, now() - interval '390 days'
         from generate_series(1, ${n.agencies}) g order by g returning id, branch_id)
       insert into scale.agencies select row_number() over (order by a.id), a.id, b.ord from a join scale.branches b on b.id = a.branch_id`,
      // Academies: a few big, many small. The size of academy i follows (i/A)^-0.375 (a power law).
      `with a as (
         insert into organisations (kind, name, code, branch_id, agency_id, contact_name, phone, address, status, created_at)
         select 'academy',
                (${arr(ADJECTIVES)})[1 + (hashint4(g) & 2147483647) % ${ADJECTIVES.length}]
                  || (${arr(NOUNS)})[1 + (hashint4(g * 3) & 2147483647) % ${NOUNS.length}] || '학원 '
                  || (${arr(DONGS)})[1 + (hashint4(g * 5) & 2147483647) % ${DONGS.length}] || '점',
                'SC' || lpad(g::text, 5, '0'),
                ag.branch_id, ag.id, ${koreanName('g', 2)},
                '02-' || lpad((1000 + g % 9000)::text, 4, '0') || '-' || lpad((g * 53 % 10000)::text, 4, '0'),
                (${arr(REGIONS)})[1 + (g - 1) % ${REGIONS.length}] || ' ' || (${arr(DONGS)})[1 + (hashint4(g * 5) & 2147483647) % ${DONGS.length}] || '로 ' || g,
                case when g % 20 = 0 then 'CLOSED' else 'ACTIVE' end,
                now() - ((30 + g % 330) || ' days')::interval
         from generate_series(1, ${n.academies}) g
         join scale.agencies sa on sa.ord = 1 + (g - 1) % ${n.agencies}
         join agencies ag on ag.id = sa.id
         order by g returning id, branch_id)
       insert into scale.academies (ord, id, branch_id) select row_number() over (order by id), id, branch_id from a`,
    ],
  });

  steps.push({
    name: 'members',
    sql: [
      // Students spread over academies by x^1.6 (x uniform): academy 1 is the biggest.
      `insert into scale.students (ord, id, academy_ord, books)
       select g, 0, 1 + floor(${n.academies} * power(${u('g', 1)}, 1.6))::int,
              case when g = 1 then 24 else 1 + floor(22 * power(${u('g', 2)}, 1.5))::int end
       from generate_series(1, ${n.students}) g`,
      `update scale.academies a set size = s.c from (select academy_ord, count(*)::int c from scale.students group by 1) s where s.academy_ord = a.ord`,
      // One head per academy, one teacher per 40 students (at least one).
      `insert into users (login_id, password_hash, name, phone, role, authorities, organisation_id, status, created_at, updated_at)
       select 'schead' || a.ord, '${hash}', ${koreanName('a.ord', 3)}, '010-3' || lpad((a.ord % 1000)::text, 3, '0') || '-' || lpad((a.ord * 17 % 10000)::text, 4, '0'),
              'ADMIN', '{HEAD}', a.id, 'ACTIVE', now() - interval '360 days', now() - interval '360 days'
       from scale.academies a order by a.ord`,
      `insert into users (login_id, password_hash, name, phone, role, authorities, organisation_id, status)
       select 'scbranch' || b.ord, '${hash}', o.name, '010-9100-' || lpad(b.ord::text, 4, '0'), 'SUPER', '{BRANCH}', b.id, 'ACTIVE'
       from scale.branches b join organisations o on o.id = b.id order by b.ord`,
      `create table scale.teachers as
       select a.ord academy_ord, t, a.id academy_id from scale.academies a, generate_series(1, greatest(1, ceil(a.size / 40.0)::int)) t`,
      `insert into users (login_id, password_hash, name, phone, role, authorities, organisation_id, status, created_at, updated_at)
       select 'scteacher' || t.academy_ord || '-' || t.t, '${hash}', ${koreanName('t.academy_ord * 100 + t.t', 4)}, '010-4000-' || lpad((t.academy_ord % 10000)::text, 4, '0'),
              'ADMIN', '{TEACHER}', t.academy_id, 'ACTIVE', now() - interval '350 days', now() - interval '350 days'
       from scale.teachers t order by t.academy_ord, t.t`,
      // One class per 15 students; each class has one teacher of its academy.
      `create table scale.classes as
       select a.ord academy_ord, c, a.id academy_id from scale.academies a, generate_series(1, greatest(1, ceil(a.size / 15.0)::int)) c`,
      `insert into classes (organisation_id, name, status, created_at)
       select academy_id, (${arr(['초등', '중등', '심화', '기초', '토론'])})[1 + c % 5] || ' ' || c || '반', 'OPEN', now() - interval '340 days'
       from scale.classes order by academy_ord, c`,
      `insert into class_teachers (class_id, teacher_id, assigned_at)
       select cl.id, u.id, cl.created_at from classes cl
       join scale.academies a on a.id = cl.organisation_id
       join lateral (select id from users where organisation_id = cl.organisation_id and authorities = '{TEACHER}'
                     order by id offset (cl.id % greatest(1, ceil(a.size / 40.0)::int)) limit 1) u on true`,
      `insert into users (login_id, password_hash, name, phone, role, authorities, organisation_id, status, level, grade, parent_phone, created_at, updated_at, last_login_at)
       select 'scstudent' || s.ord, '${hash}', ${koreanName('s.ord', 5)}, null, 'USER', '{STUDENT}', a.id,
              case when s.ord % 50 = 0 then 'WITHDRAWN' else 'ACTIVE' end,
              1 + s.ord % 10, (${arr(['초3', '초4', '초5', '초6', '중1', '중2', '중3'])})[1 + s.ord % 7],
              '010-5' || lpad((s.ord / 10000)::text, 3, '0') || '-' || lpad((s.ord % 10000)::text, 4, '0'),
              now() - interval '330 days', now() - interval '330 days', now() - ((s.ord % 30) || ' days')::interval
       from scale.students s join scale.academies a on a.ord = s.academy_ord order by s.ord`,
      `update scale.students s set id = u.id from users u where u.login_id = 'scstudent' || s.ord`,
      `create table scale.class_ids as
       select c.organisation_id, c.id, row_number() over (partition by c.organisation_id order by c.id)::int rn,
              count(*) over (partition by c.organisation_id)::int cnt
       from classes c join scale.academies a on a.id = c.organisation_id`,
      `update scale.students s set class_id = c.id from scale.academies a, scale.class_ids c
       where a.ord = s.academy_ord and c.organisation_id = a.id and c.rn = 1 + s.ord % c.cnt`,
      `update scale.students s set teacher_id = ct.teacher_id from class_teachers ct where ct.class_id = s.class_id`,
      `insert into class_memberships (class_id, user_id, joined_at) select class_id, id, now() - interval '330 days' from scale.students order by ord`,
    ],
  });

  steps.push({
    name: 'books',
    sql: [
      `with b as (
         insert into books (title, author, publisher, isbn, total_pages, level, genre, summary, cover_color, status, created_at)
         select (${arr(['바람', '별', '숲', '바다', '고양이', '할머니', '우주', '편지', '시간', '용기', '비밀', '친구'])})[1 + g % 12]
                  || '의 ' || (${arr(['노래', '여행', '정원', '약속', '모험', '일기', '선물', '학교', '지도', '기억'])})[1 + (g / 12) % 10] || ' ' || g,
                ${koreanName('g', 6)}, (${arr(['해냄', '창비', '비룡소', '사계절', '문학동네', '보림'])})[1 + g % 6],
                '979' || lpad(g::text, 10, '0'), (80 + (hashint4(g) & 2147483647) % 220)::smallint, (1 + g % 10)::smallint,
                (${arr(['문학', '과학', '역사', '사회', '예술', '철학'])})[1 + g % 6], '규모 시험용 도서 ' || g || '의 줄거리.', '#35618f', 1,
                now() - interval '380 days'
         from generate_series(1, ${n.books}) g order by g returning id, total_pages)
       insert into scale.books (ord, id, pages) select row_number() over (order by id), id, total_pages from b`,
      `with s as (
         insert into problem_sets (kind, book_id, title, description, status, created_at, updated_at)
         select 'BOOK_ANALYSIS', b.id, '도서 분석 ' || b.ord, '', 1, now() - interval '380 days', now() - interval '380 days'
         from scale.books b order by b.ord returning id, book_id)
       insert into problem_set_versions (set_id, version, published_at, created_at)
       select id, 1, now() - interval '380 days', now() - interval '380 days' from s order by id`,
      `update problem_sets p set current_version_id = v.id from problem_set_versions v, scale.books b
       where v.set_id = p.id and p.book_id = b.id`,
      `update scale.books b set version_id = p.current_version_id from problem_sets p where p.book_id = b.id and p.kind = 'BOOK_ANALYSIS'`,
      `insert into problems (set_id, version_id, "order", exam_method, question, options, correct_answer, explanation, category, points)
       select v.set_id, v.id, k, 'm', k || '번 문제: 이야기에서 일어난 일로 알맞은 것은?', '["첫째", "둘째", "셋째", "넷째"]'::jsonb,
              (1 + k % 4)::text, '', (${arr(['FACT', 'INFERENCE', 'CRITICAL', 'VOCABULARY', 'CREATIVE'])})[1 + k % 5], 10
       from scale.books b join problem_set_versions v on v.id = b.version_id, generate_series(1, 10) k order by b.ord, k`,
    ],
  });

  // Result books: a student's books spread over the school year (the last one current).
  steps.push({
    name: 'result-books',
    sql: [
      `insert into result_books (user_id, book_id, status, read_method, assigned_by, assigned_at, is_current, status_changed_at, completed_at, start_page)
       select s.id, b.id,
              case when j = s.books then 20 when j = s.books - 1 and s.ord % 3 = 0 then 40 else 100 end,
              1, s.teacher_id, ${at(day(`-360 + (j - 1) * 360 / s.books`))}, j = s.books,
              ${at(day(`-360 + j * 360 / s.books - 1`))},
              case when j < s.books and not (j = s.books - 1 and s.ord % 3 = 0) then ${at(day(`-360 + j * 360 / s.books - 1`))} end, 1
       from scale.students s, generate_series(1, s.books) j,
            lateral (select id from scale.books where ord = 1 + (hashint4(s.ord * 40 + j) & 2147483647) % ${n.books}) b
       order by s.ord, j`,
      `create table scale.result_books as
       select rb.id, rb.user_id, s.ord student_ord, rb.status, sb.pages, sb.version_id, s.teacher_id,
              (rb.assigned_at at time zone 'Asia/Seoul')::date assigned_on, greatest(1, 360 / s.books) span
       from result_books rb join scale.students s on s.id = rb.user_id join scale.books sb on sb.id = rb.book_id`,
      `alter table scale.result_books add primary key (id)`,
      // The books completed per student and month (reading_months), set-based: the trigger is off in this step.
      `insert into reading_months as m (user_id, month, completed)
       select rb.user_id, to_char(rb.completed_at at time zone 'Asia/Seoul', 'YYYY-MM'), count(*)::int
       from result_books rb join scale.students s on s.id = rb.user_id
       where rb.status = 100 and rb.completed_at is not null group by 1, 2
       on conflict (user_id, month) do update set completed = m.completed + excluded.completed`,
    ],
    withoutTriggers: ['result_books.result_books_months', 'reading_months.reading_months_academies'],
  });

  return steps;
}

/**
 * The reading records of result books whose student ordinals lie in [from, to]: 2 to 21 readings per book, then their
 * months in reading_months (the students are new, so their records are exactly this chunk's).
 */
export function readingRecordsChunk(from: number, to: number): ScaleStep {
  return {
    name: `reading-records:${from}`,
    withoutTriggers: ['reading_records.reading_records_months', 'reading_months.reading_months_academies'],
    sql: [
      readingRecordsInsert(from, to),
      `insert into reading_months as m (user_id, month, minutes, pages, sessions)
       select rr.user_id, to_char(rr.read_date, 'YYYY-MM'), sum(rr.minutes)::int, sum(rr.end_page - rr.start_page + 1)::int, count(*)::int
       from reading_records rr join scale.students s on s.id = rr.user_id
       where s.ord between ${from} and ${to} group by 1, 2
       on conflict (user_id, month) do update
         set minutes = m.minutes + excluded.minutes, pages = m.pages + excluded.pages, sessions = m.sessions + excluded.sessions`,
    ],
  };
}

function readingRecordsInsert(from: number, to: number): string {
  return `insert into reading_records (result_book_id, user_id, start_page, end_page, minutes, read_date, read_method, submission_key, created_at)
    select r.id, r.user_id, (1 + (i - 1) * r.pages / k)::smallint, greatest(1, i * r.pages / k)::smallint,
           (10 + (hashint4(r.id * 29 + i) & 2147483647) % 31)::smallint, r.assigned_on + (i - 1) * r.span / k, 1,
           'scale-' || r.id || '-' || i, ((r.assigned_on + (i - 1) * r.span / k)::timestamp + interval '19 hours') at time zone 'Asia/Seoul'
    from scale.result_books r, lateral (select case when r.status = 20 then 1 + (hashint4(r.id) & 2147483647) % 6
                                                    else 2 + (hashint4(r.id) & 2147483647) % 20 end k) kk,
         generate_series(1, kk.k) i
    where r.student_ord between ${from} and ${to}
    order by r.user_id, r.id, i`;
}

/** Notes of the result books past the reading (NOTE and COMPLETE), each with the teacher's review. */
export function notesChunk(from: number, to: number): string[] {
  return [
    `insert into notes (result_book_id, user_id, note, note_input, state, version, submitted_at, state_changed_at, has_unread_comment, commented_at, created_at, updated_at)
     select r.id, r.user_id, '이 책을 읽고 주인공의 용기에 대해 생각했다. 나도 ' || r.id % 97 || '번째로 도전해 보고 싶다.',
            case when r.status = 100 then '잘 정리했어요. 인물의 마음을 한 번 더 생각해 봐요.' end,
            case when r.status = 100 then 999 else (array[1, 10, 100, 200])[1 + r.id % 4] end, 3,
            (r.assigned_on + r.span - 2)::timestamp at time zone 'Asia/Seoul', (r.assigned_on + r.span - 1)::timestamp at time zone 'Asia/Seoul',
            r.status = 100 and r.id % 7 = 0, case when r.status = 100 then (r.assigned_on + r.span - 1)::timestamp at time zone 'Asia/Seoul' end,
            (r.assigned_on + r.span - 3)::timestamp at time zone 'Asia/Seoul', (r.assigned_on + r.span - 1)::timestamp at time zone 'Asia/Seoul'
     from scale.result_books r where r.status in (40, 100) and r.student_ord between ${from} and ${to} order by r.id`,
    `insert into note_history (note_id, actor_id, actor_role, action, from_state, to_state, comment, created_at)
     select n.id, r.teacher_id, 'TEACHER', 'complete', 10, 999, n.note_input, n.state_changed_at
     from notes n join scale.result_books r on r.id = n.result_book_id
     where n.state = 999 and r.student_ord between ${from} and ${to} order by n.id`,
  ];
}

/** Problem analyses of three in ten completed books: an attempt with ten marked answers. */
export function problemsChunk(from: number, to: number): string[] {
  return [
    `insert into problem_attempts (user_id, set_id, version_id, result_book_id, round, step, score, medal, correct_count, total, started_at, marked_at, completed_at, updated_at, version)
     select r.user_id, v.set_id, v.id, r.id, 1, 200, sc * 10, case when sc >= 9 then 'GOLD' when sc = 8 then 'SILVER' when sc = 7 then 'BRONZE' end,
            sc, 10, t, t, t, t, 3
     from scale.result_books r join problem_set_versions v on v.id = r.version_id,
          lateral (select (4 + (hashint4(r.id * 3) & 2147483647) % 7)::smallint sc,
                          (r.assigned_on + r.span - 4)::timestamp at time zone 'Asia/Seoul' t) x
     where r.status = 100 and r.id % 10 < 3 and r.student_ord between ${from} and ${to} order by r.id`,
    `insert into problem_answers (attempt_id, problem_id, answer, is_correct, saved_at)
     select a.id, p.id, case when p."order" <= a.correct_count then p.correct_answer else '1' end,
            case when p."order" <= a.correct_count then 1 else 0 end, a.started_at
     from problem_attempts a join scale.result_books r on r.id = a.result_book_id join problems p on p.version_id = a.version_id
     where r.student_ord between ${from} and ${to} order by a.id, p."order"`,
  ];
}

/** A year of basic fees of every open academy (12 a year), each with its settlement line. */
export function paymentsSql(today: string): string[] {
  return [
    `insert into payments (order_id, organisation_id, tier, method, status, amount, paid_month, receipt_type, approved_at, created_at, order_name, payer_user_id, payment_key, paid_with, automatic, updated_at)
     select 'scale-' || a.ord || '-' || m, a.id, 1, 'c', 999, 99000, to_char(d, 'YYYY-MM'), 'N',
            (d + interval '2 days 10 hours') at time zone 'Asia/Seoul', (d + interval '2 days 10 hours') at time zone 'Asia/Seoul',
            '리드인 기본 이용료 ' || to_char(d, 'YYYY') || '년 ' || extract(month from d)::int || '월', null, 'scale_pk_' || a.ord || '_' || m,
            '신한카드 4330-12**-****-' || lpad((a.ord % 10000)::text, 4, '0'), m % 2 = 0, (d + interval '2 days 10 hours') at time zone 'Asia/Seoul'
     from scale.academies a, generate_series(0, 11) m,
          lateral (select date_trunc('month', '${today}'::date - (m || ' months')::interval)::timestamp d) x
     order by m desc, a.ord`,
    `insert into settlements (payment_id, academy_id, branch_id, agency_id, month, base_amount, branch_rate, agency_rate, branch_amount, agency_amount, status, paid_out_at, created_at, updated_at)
     select p.id, p.organisation_id, o.branch_id, o.agency_id, p.paid_month, p.amount, 1500, 1000, p.amount * 1500 / 10000, p.amount * 1000 / 10000,
            case when p.paid_month < to_char('${today}'::date, 'YYYY-MM') then 999 else 1 end,
            case when p.paid_month < to_char('${today}'::date, 'YYYY-MM') then p.approved_at + interval '30 days' end, p.approved_at, p.approved_at
     from payments p join organisations o on o.id = p.organisation_id where p.order_id like 'scale-%' order by p.id`,
  ];
}

/**
 * The academy-month rollup (drizzle/0023), set-based once the reading steps are done: every academy's reading per
 * month from its members' reading_months (the statement 0023 ends with; set, not added, so a second run changes
 * nothing), and the students of each past month of the seeded year as the job runner's hourly record would have left
 * them (`month-students`, decision 047: today's active students, recorded at the month's last hour); the current
 * month is counted live, as the app does.
 */
export function academyMonthsSql(today: string): string[] {
  return [
    `insert into academy_months as a (organisation_id, month, readers, minutes, pages, sessions, completed)
     select u.organisation_id, m.month, (count(*) filter (where m.sessions > 0))::int, sum(m.minutes)::int, sum(m.pages)::int,
            sum(m.sessions)::int, sum(m.completed)::int
       from reading_months m join users u on u.id = m.user_id
      where u.organisation_id is not null
      group by u.organisation_id, m.month
     on conflict (organisation_id, month) do update
       set readers = excluded.readers, minutes = excluded.minutes, pages = excluded.pages, sessions = excluded.sessions,
           completed = excluded.completed`,
    `insert into academy_months as a (organisation_id, month, active_students, recorded_at)
     select a.id, to_char(d, 'YYYY-MM'), coalesce(s.students, 0), (d + interval '1 month' - interval '30 minutes') at time zone 'Asia/Seoul'
       from scale.academies a
       left join (select u.organisation_id, count(*)::int students from users u
                   where u.role = 'USER' and u.status = 'ACTIVE' and u.organisation_id in (select id from scale.academies)
                   group by 1) s on s.organisation_id = a.id,
            generate_series(1, 11) m,
            lateral (select date_trunc('month', '${today}'::date - (m || ' months')::interval)::timestamp d) x
     on conflict (organisation_id, month) do update set active_students = excluded.active_students, recorded_at = excluded.recorded_at`,
  ];
}

/** Talk messages to parents over the year; the second half of them still waiting in the outbox. */
export function messagesChunk(from: number, to: number, total: number, studentCount: number): string {
  return `insert into messages (recipient_user_id, phone, channel, kind, body, send_state, attempts, sent_at, created_at, next_attempt_at, dedupe_key, updated_at)
    select s.id, '010-5' || lpad((s.ord / 10000)::text, 3, '0') || '-' || lpad((s.ord % 10000)::text, 4, '0'), 'TALK', 'NOTE_COMMENT',
           '[리드인] 독서 노트에 선생님의 의견이 달렸습니다.', case when g > ${Math.floor(total / 2)} then 1 else 999 end,
           case when g > ${Math.floor(total / 2)} then 0 else 1 end,
           case when g > ${Math.floor(total / 2)} then null else t + interval '20 seconds' end, t, t, 'scale:' || g, t
    from generate_series(${from}, ${to}) g
    join scale.students s on s.ord = 1 + (hashint4(g) & 2147483647) % ${studentCount},
    lateral (select now() - ((${total} - g)::float8 / ${total} * 360 || ' days')::interval t) x
    order by g`;
}

/** The operators' audit trail over the year, by the demo operator. */
export function auditSql(total: number, studentCount: number): string {
  return `insert into audit_events (actor_id, action, target_type, target_id, before, after, address, created_at)
    select (select id from users where login_id = 'super'), a.action, a.target, s.id,
           jsonb_build_object('status', 'ACTIVE'), jsonb_build_object('status', 'LOCKED'), '10.0.' || (g % 250) || '.' || (g % 200),
           now() - ((${total} - g)::float8 / ${total} * 360 || ' days')::interval
    from generate_series(1, ${total}) g
    join scale.students s on s.ord = 1 + (hashint4(g) & 2147483647) % ${studentCount},
    lateral (select (array['user.lock', 'user.unlock', 'user.authorities', 'payment.refund', 'book.update'])[1 + g % 5] action,
                    case when g % 5 = 3 then 'payment' when g % 5 = 4 then 'book' else 'user' end target) a
    order by g`;
}
