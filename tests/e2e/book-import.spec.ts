import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeXlsx } from '../../app/lib/xlsx.server';
import { signIn } from './support';

// Books in bulk (issue 12): `product` uploads a file of two valid rows and one invalid row (an .xlsx with JavaScript,
// a CSV without), sees the preview with the invalid row's message, confirms, and finds the two books in the catalogue.
// Titles and the ISBN carry the project and the time: js and nojs run at once against one server.

/** A valid ISBN-13 beginning 97911 (the check digit computed). */
function freshIsbn() {
  const twelve = `97911${String(Date.now() % 1e7).padStart(7, '0')}`;
  const sum = [...twelve].reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

test('product imports two books from a file, one row refused, and finds them in the catalogue', async ({ page }, info) => {
  const js = info.project.name === 'js';
  const run = `${info.project.name}${Date.now().toString(36)}`;
  const titles = [`가져온 과학책 ${run}`, `가져온 역사책 ${run}`];
  const bad = `수준이 틀린 책 ${run}`;
  const isbn = js ? freshIsbn() : '';
  const header = ['제목', '지은이', '출판사', 'ISBN', '쪽수', '읽기 수준', '장르', '진로 분야', '소개'];
  const rows = [
    [titles[0], '김과학', '리드인출판', isbn, '120', 'L4', '과학', '과학·공학, 자연·환경', '바다와 하늘의 과학'],
    [titles[1], '이역사', '리드인출판', '', '200', '6', '역사', '', ''],
    [bad, '박저자', '리드인출판', '', '90', '12', '문학', '', ''],
  ];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-books-'));
  const file = path.join(dir, js ? '도서목록.xlsx' : '도서목록.csv');
  if (js) {
    fs.writeFileSync(file, writeXlsx({ name: '도서 목록', columns: header.map((h) => ({ header: h, width: 12 })), rows }));
  } else {
    const csv = [header, ...rows].map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',')).join('\r\n');
    fs.writeFileSync(file, `\uFEFF${csv}`);
  }

  await signIn(page, 'product', /\/super\/books$/);
  await page.getByRole('link', { name: '엑셀로 여러 권 등록' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('엑셀로 여러 권 등록');
  await expect(page.getByRole('link', { name: '엑셀 양식' })).toHaveAttribute('href', '/super/books/import/template.xlsx');
  await page.getByLabel(/도서 목록 파일/).setInputFiles(file);
  await page.getByRole('button', { name: '파일 올리고 확인하기' }).click();

  await expect(page).toHaveURL(/\/super\/books\/import\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('도서 목록 확인');
  await expect(page.getByText('모두 3줄 · 등록할 수 있는 책 2권 · 오류 1줄')).toBeVisible();
  const badRow = page.getByRole('row').filter({ hasText: bad });
  await expect(badRow).toContainText('읽기 수준은 1~10 사이의 숫자로 적어 주세요. (예: 3 또는 L3)');
  await expect(page.getByRole('row').filter({ hasText: titles[0] })).toContainText('확인');

  await page.getByRole('button', { name: '2권 등록하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '권을 등록했습니다.' })).toHaveText(
    '2권을 등록했습니다. 오류가 있거나 이미 있는 1줄은 건너뛰었습니다.',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('도서 가져오기 결과');
  await expect(page.getByRole('button', { name: /등록하기$/ })).toHaveCount(0);
  await expect(badRow).toContainText('건너뜀');

  await page.goto(`/super/books?q=${encodeURIComponent(run)}`);
  await expect(page.getByText('도서 2권')).toBeVisible();
  for (const title of titles) await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: bad })).toHaveCount(0);
  await page.getByRole('link', { name: titles[0] }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(titles[0]);
});
