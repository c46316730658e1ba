import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { gotoReady, menuLink, signIn } from './support';

// 1:1 inquiries end to end, with JavaScript on and off (issue 13's acceptance: WAIT → CHECK → COMPLETE and the asker
// reads the answer, all without JavaScript): `student` asks with a screenshot, `super` opens it (확인 → CHECK) and
// answers (→ COMPLETE), the student reads the answer and the inbox message, then deletes the inquiry, which the
// operators still see. Each project asks its own inquiry (its own title) and looks only at its own rows.

test('an inquiry goes WAIT → CHECK → COMPLETE, the asker reads the answer and its message, and deletes it', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const title = `학습 화면 오류 (${info.project.name}) ${Date.now().toString().slice(-6)}`;
  const answer = `안녕하세요, 리드인 운영팀입니다. ${info.project.name} 화면의 오류를 고쳤습니다. 다시 시도해 보세요.`;
  const screenshot = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#d9534f' } })
    .png()
    .toBuffer();

  // The student asks, with the FAQ one click away.
  await signIn(page, 'student', /\/user\/activity$/);
  await page.getByRole('link', { name: '1:1 문의' }).click();
  await page.getByRole('link', { name: '문의하기' }).click();
  await expect(page.getByRole('link', { name: '이용 안내' })).toHaveAttribute('href', '/user/faq/info');
  await page.getByLabel('분류').selectOption({ label: '오류 신고' });
  await page.getByLabel('제목').fill(title);
  await page.getByLabel('내용').fill('독서 기록을 저장하면 화면이 멈춥니다. 첨부한 화면을 봐 주세요.');
  await page.getByLabel('첨부 파일 (선택)').setInputFiles({ name: '오류 화면.png', mimeType: 'image/png', buffer: screenshot });
  await page.getByRole('button', { name: '문의 보내기' }).click();
  await expect(page.getByRole('status')).toHaveText('문의를 접수했습니다. 답변이 등록되면 메시지로 알려 드릴게요.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.inquiry-status')).toHaveText('답변 대기');
  await expect(page.getByRole('link', { name: '오류 화면.jpg' })).toBeVisible();
  await expect(page.getByRole('img', { name: '첨부 이미지: 오류 화면.jpg' })).toBeVisible();
  const inquiryUrl = new URL(page.url()).pathname;

  // The operator opens it from the queue, marks it 확인 (CHECK) and answers (COMPLETE).
  const operator = await browser.newContext({ javaScriptEnabled: info.project.name === 'js' });
  const op = await operator.newPage();
  await signIn(op, 'super', /\/super\/user$/);
  await (await menuLink(op, '1:1 문의')).click();
  await op.getByRole('link', { name: title }).click();
  await expect(op.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(op.locator('.inquiry-status')).toHaveText('답변 대기');
  await expect(op.getByRole('img', { name: '첨부 이미지: 오류 화면.jpg' })).toBeVisible();
  await op.getByRole('button', { name: '확인', exact: true }).click();
  await expect(op.getByRole('status')).toHaveText('문의를 확인 중으로 표시했습니다.');
  await expect(op.locator('.inquiry-status')).toHaveText('확인 중');

  await gotoReady(page, inquiryUrl);
  await expect(page.locator('.inquiry-status')).toHaveText('확인 중');
  await expect(page.getByText('운영팀이 문의를 확인하고 답변을 준비하고 있습니다.')).toBeVisible();

  await op.getByLabel('답변', { exact: true }).fill(answer);
  await op.getByRole('button', { name: '답변 등록' }).click();
  await expect(op.getByRole('status')).toHaveText('답변을 등록했습니다. 문의한 회원에게 알림을 보냈습니다.');
  await expect(op.locator('.inquiry-status')).toHaveText('답변 완료');
  await expect(op.getByRole('button', { name: '답변 등록' })).toHaveCount(0);

  // The student reads the answer, and finds the message in the inbox (the menu counts it).
  await gotoReady(page, inquiryUrl);
  await expect(page.locator('.inquiry-status')).toHaveText('답변 완료');
  await expect(page.getByRole('heading', { name: '운영팀 답변' })).toBeVisible();
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByRole('link', { name: /메시지.*읽지 않은 메시지 \d+건/ })).toBeVisible();
  await page.getByRole('link', { name: /^메시지/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('메시지');
  const item = page.locator('.inbox-item', { hasText: title });
  await expect(item.getByText('새 메시지')).toBeVisible();
  await item.getByRole('button', { name: '1:1 문의에 답변이 등록되었습니다' }).click();
  await expect(page).toHaveURL(new RegExp(`${inquiryUrl}$`));
  await page.getByRole('link', { name: /^메시지/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('메시지');
  await expect(page.locator('.inbox-item', { hasText: title }).getByText('새 메시지')).toHaveCount(0);

  // The student deletes it (a confirm step); it leaves the student's list and stays in the operators' queue.
  await gotoReady(page, inquiryUrl);
  await page.getByRole('link', { name: '문의 삭제' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
  await expect(page.getByRole('status')).toHaveText('문의를 삭제했습니다.');
  await expect(page).toHaveURL(/\/user\/inquiry$/);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  await gotoReady(op, '/super/inquiries?status=delete');
  await op.getByRole('link', { name: title }).click();
  await expect(op.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(op.locator('.inquiry-status')).toHaveText('삭제됨');
  await expect(op.getByText(answer)).toBeVisible();
  await operator.close();
});

test('a file that is neither an image nor a PDF is refused beside its field, keeping what was typed', async ({ page }) => {
  await signIn(page, 'student', /\/user\/activity$/);
  await gotoReady(page, '/user/inquiry/new');
  await page.getByLabel('분류').selectOption({ label: '기타' });
  await page.getByLabel('제목').fill('첨부 파일 확인');
  await page.getByLabel('내용').fill('이 파일이 열리는지 확인 부탁드립니다.');
  await page
    .getByLabel('첨부 파일 (선택)')
    .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await page.getByRole('button', { name: '문의 보내기' }).click();
  await expect(page.getByText('첨부 파일은 이미지(JPG, PNG, WEBP, GIF) 또는 PDF만 올릴 수 있습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/inquiry\/new$/);
  await expect(page.getByLabel('제목')).toHaveValue('첨부 파일 확인');
  await expect(page.getByLabel('내용')).toHaveValue('이 파일이 열리는지 확인 부탁드립니다.');
  await expect(page.getByLabel('분류')).toHaveValue('ETC');
});
