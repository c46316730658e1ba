import { expect, test } from '@playwright/test';
import { gotoReady, perProject, signIn } from './support';
import { withParticle } from '../../app/domain/korean';

// Classes and teachers as the head manages them, with JavaScript on and off. The head adds a new teacher and a new
// class of their own (unique names per run and project), so no demo class or student changes: the class is renamed
// and closed, the teacher deactivated. A teacher sees only the classes they teach; another class's page is 404.

const suffix = () => `${Date.now().toString(36).slice(-5)}${perProject('j', 'n')}`;

test('the head adds a teacher and a class, renames and closes the class, then deactivates the teacher', async ({ page }) => {
  // A long flow of many round trips: room for a busy machine.
  test.setTimeout(90_000);
  const tag = suffix();
  const loginId = `cls${tag}`;
  const teacherName = `반선생${tag}`;
  const className = `시험반 ${tag}`;
  await signIn(page, 'head', /\/admin\/dashboard$/);

  await gotoReady(page, '/admin/teachers');
  const add = page.locator('form.new-teacher-form');
  await add.getByLabel('이름').fill(teacherName);
  await add.getByLabel('아이디').fill('AB');
  await add.getByLabel('휴대폰 번호').fill('010-3456-7890');
  await add.getByLabel('임시 비밀번호').fill('튼튼한임시비번77');
  // The browser's own check stops a bad login id with JavaScript on and off; remove it to see the server's message.
  await add.getByLabel('아이디').evaluate((el) => el.removeAttribute('pattern'));
  await add.getByLabel('아이디').evaluate((el) => el.removeAttribute('minlength'));
  await add.getByRole('button', { name: '선생님 추가' }).click();
  await expect(page.getByText('아이디는 영문 소문자와 숫자 4~20자로 입력해 주세요.')).toBeVisible();
  await expect(add.getByLabel('이름')).toHaveValue(teacherName);
  await add.getByLabel('아이디').fill(loginId);
  await add.getByLabel('임시 비밀번호').fill('튼튼한임시비번77');
  await add.getByRole('button', { name: '선생님 추가' }).click();
  await expect(page.getByText(`${teacherName} 선생님(${loginId})을 추가했습니다.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(teacherName) })).toBeVisible();

  await gotoReady(page, '/admin/classes');
  await page.getByLabel('반 이름').fill(className);
  await page.getByRole('checkbox', { name: new RegExp(teacherName) }).check();
  await page.getByRole('button', { name: '반 만들기' }).click();
  await expect(page).toHaveURL(/\/admin\/classes\/\d+$/);
  await expect(page.getByText(`${withParticle(`'${className}'`, '을/를')} 만들었습니다.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: className, level: 1 })).toBeVisible();
  await expect(page.locator('.class-teachers')).toContainText(teacherName);

  // A duplicate open name is refused with the typed value kept.
  await gotoReady(page, '/admin/classes');
  await page.getByLabel('반 이름').fill('햇살반');
  await page.getByRole('checkbox', { name: new RegExp(teacherName) }).check();
  await page.getByRole('button', { name: '반 만들기' }).click();
  await expect(page.getByText("운영 중인 반 중에 '햇살반'이 이미 있습니다. 다른 이름을 입력해 주세요.")).toBeVisible();
  await expect(page.getByLabel('반 이름')).toHaveValue('햇살반');
  await page.getByRole('link', { name: className }).click();
  await expect(page.getByRole('heading', { name: className, level: 1 })).toBeVisible();

  const renamed = `${className}b`;
  await page.getByLabel('반 이름').fill(renamed);
  await page.getByRole('button', { name: '이름 저장' }).click();
  await expect(page.getByText(`반 이름을 ${withParticle(`'${renamed}'`, '으로/로')} 바꿨습니다.`)).toBeVisible();

  await page.getByRole('button', { name: '반 종료…' }).click();
  await expect(page).toHaveURL(/\?close=1$/);
  await expect(page.getByText(`${withParticle(`‘${renamed}’`, '을/를')} 정말 종료할까요?`)).toBeVisible();
  await page.getByRole('button', { name: '반 종료', exact: true }).click();
  await expect(page.getByText(`${withParticle(`'${renamed}'`, '을/를')} 종료했습니다.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toContainText('종료');
  await expect(page.getByRole('button', { name: '이름 저장' })).toHaveCount(0);

  await gotoReady(page, '/admin/teachers');
  await page.getByRole('link', { name: `${teacherName} 선생님 관리` }).click();
  await expect(page.getByRole('heading', { name: `${teacherName} 선생님`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '비활성으로 바꾸기' }).click();
  await expect(page.getByText(`${teacherName} 선생님을 비활성으로 바꿨습니다. 이제 로그인할 수 없습니다.`)).toBeVisible();
  await gotoReady(page, '/admin/teachers');
  await expect(page.getByRole('row', { name: new RegExp(teacherName) })).toContainText('비활성');
});

test('a teacher sees only the classes they teach; another class is not found', async ({ page }) => {
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/classes');
  const href = await page.getByRole('link', { name: '달빛반', exact: true }).getAttribute('href');
  expect(href).toMatch(/^\/admin\/classes\/\d+$/);

  await page.context().clearCookies();
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/classes');
  await expect(page.getByRole('link', { name: '햇살반', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '달빛반', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '반 만들기' })).toHaveCount(0);
  await page.getByRole('link', { name: '햇살반', exact: true }).click();
  await expect(page.getByRole('heading', { name: '햇살반', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '이름 저장' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '김하늘', exact: true })).toBeVisible();

  const response = await page.goto(href!);
  expect(response?.status()).toBe(404);
});

test('the class and teacher pages hydrate without an error @js-only', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/classes');
  await page.getByRole('link', { name: '햇살반', exact: true }).click();
  await expect(page.getByRole('heading', { name: '햇살반', level: 1 })).toBeVisible();
  await gotoReady(page, page.url());
  await gotoReady(page, '/admin/teachers');
  await page.getByRole('link', { name: '임준호 선생님 관리' }).click();
  await expect(page.getByRole('heading', { name: '임준호 선생님', level: 1 })).toBeVisible();
  await gotoReady(page, page.url());
  expect(errors).toEqual([]);
});
