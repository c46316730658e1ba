import { describe, expect, test } from 'vitest';
import { choicePairs, wizardHref } from '~/components/wizard';
import { assignChoices } from '~/routes/admin+/__assign.server';
import { talkChoices, talkSendSchema } from '~/routes/talk+/__new.server';
import { readChoices, readWizard } from '~/web/wizard.server';

// The wizards that keep their choices in the address (app/web/wizard.server.ts, app/components/wizard.tsx): what the
// address carries is read leniently, the same way from a form, and written back unchanged by every step's hidden
// fields and links, so no choice is lost across steps or across the pages of a step's list.

const address = (query: string) => new URLSearchParams(query);

describe('reading the choices', () => {
  test('ids: positive whole numbers, each once, the first 50 books; nonsense is dropped, never refused', () => {
    const books = Array.from({ length: 60 }, (_, i) => `book=${i + 1}`).join('&');
    const read = readChoices(
      address(`${books}&book=3&book=x&book=-1&book=0&target=students&student=7&student=7&student=abc`),
      assignChoices,
    );
    expect(read.book).toHaveLength(50);
    expect(read.book[0]).toBe(1);
    expect(read.student).toEqual([7]);
    expect(readChoices(address(''), assignChoices)).toEqual({
      book: [],
      target: 'class',
      classId: null,
      student: [],
      readMethod: '',
      dueOn: '',
    });
  });

  test('a class or chosen students: only the chosen side is kept', () => {
    expect(readChoices(address('target=class&classId=4&student=1&student=2'), assignChoices)).toMatchObject({ classId: 4, student: [] });
    expect(readChoices(address('target=students&classId=4&student=1&student=2'), assignChoices)).toMatchObject({
      classId: null,
      student: [1, 2],
    });
    expect(readChoices(address('target=nonsense&classId=4'), assignChoices)).toMatchObject({ target: 'class', classId: 4 });
  });

  test('a variable’s value by its name (v.이름), its audience one of the three, text as typed', () => {
    const long = 'x'.repeat(300);
    const read = readChoices(
      address(
        `academy=2&template=5&audience=PARENTS&v.${encodeURIComponent('바뀐일정')}=${encodeURIComponent('화요일 4시')}&v.a.b=dot&v.long=${long}&v.${'n'.repeat(39)}=too-long-name`,
      ),
      talkChoices,
    );
    expect(read).toMatchObject({ academy: 2, template: 5, audience: 'PARENTS' });
    expect(read.v).toEqual({ 바뀐일정: '화요일 4시', 'a.b': 'dot', long: 'x'.repeat(200) });
    expect(readChoices(address('audience=EVERYONE'), talkChoices).audience).toBe('');
  });

  test('the post reads the same choices from a form, with its key', () => {
    const form = new FormData();
    for (const [name, value] of [
      ['template', '5'],
      ['target', 'students'],
      ['student', '3'],
      ['student', '9'],
      ['audience', 'BOTH'],
      ['v.마감일', '금요일'],
      ['key', 'abc'],
      ['readMethod', ''],
    ])
      form.append(name, value);
    expect(readChoices(form, talkSendSchema)).toEqual({
      academy: null,
      template: 5,
      target: 'students',
      classId: null,
      student: [3, 9],
      audience: 'BOTH',
      v: { 마감일: '금요일' },
      key: 'abc',
    });
  });

  test('the step: one of the wizard’s, the first otherwise', () => {
    const steps = ['books', 'target', 'preview'] as const;
    expect(readWizard(new Request('http://x/admin/assign?step=preview'), steps, assignChoices).step).toBe('preview');
    expect(readWizard(new Request('http://x/admin/assign?step=nope'), steps, assignChoices).step).toBe('books');
  });
});

describe('carrying the choices', () => {
  test('every choice survives a round trip through the hidden fields and links, in the parameters’ order', () => {
    for (const [query, schema] of [
      ['book=3&book=1&target=students&student=8&student=2&readMethod=1&dueOn=2026-12-01', assignChoices],
      ['book=3&target=class&classId=6&readMethod=0', assignChoices],
      [
        'academy=2&template=5&target=class&classId=4&audience=PARENTS&v.%EB%A7%88%EA%B0%90%EC%9D%BC=%EA%B8%88%EC%9A%94%EC%9D%BC&v.a.b=c',
        talkChoices,
      ],
    ] as const) {
      const choices = readChoices(address(query), schema);
      const pairs = choicePairs(choices);
      expect(new URLSearchParams(pairs.map(([n, v]) => [n, v])).toString()).toBe(query);
      expect(readChoices(new URLSearchParams(pairs.map(([n, v]) => [n, v])), schema)).toEqual(choices);
    }
  });

  test('a list on the form posts its own checkboxes: only the choices it does not show are carried', () => {
    const choices = readChoices(address('book=1&book=2&book=3&target=class&classId=4'), assignChoices);
    expect(choicePairs(choices, ['target', 'classId', 'book'], { book: new Set([2, 5]) })).toEqual([
      ['target', 'class'],
      ['classId', '4'],
      ['book', '1'],
      ['book', '3'],
    ]);
  });

  test('a page of a step’s list keeps the choices and the filters', () => {
    const choices = readChoices(address('book=1&book=2&target=class'), assignChoices);
    expect(wizardHref('/admin/assign', choicePairs(choices), { step: 'books', q: '', level: 3, genre: null, page: 2 })).toBe(
      '/admin/assign?book=1&book=2&target=class&step=books&level=3&page=2',
    );
    expect(wizardHref('/talk/new', { step: 'template' }, [['academy', '2']])).toBe('/talk/new?step=template&academy=2');
  });
});
