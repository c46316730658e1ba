// The battery's access items: one academy's head asking for another academy's pages by id (admin, talk, payments,
// inquiries), and the temporary password at the API. Through HTTP as an outside client would.
import { api, apiLogin, Client, item, PASSWORD } from '../lib/battery-harness';
import { paidInWindow } from './payments';

export type IdorContext = { base: () => string };

/** The pages by id an academy's head reads, found in the links of the head's own lists. */
const LISTS: { list: string; link: RegExp; pages: (id: string) => string[] }[] = [
  {
    list: '/admin/students',
    link: /href="\/admin\/students\/(\d+)"/g,
    pages: (id) => [
      `/admin/students/${id}`,
      `/admin/students/${id}/edit`,
      `/admin/students/${id}/overview`,
      `/admin/reports/students/${id}`,
    ],
  },
  {
    list: '/admin/classes',
    link: /href="\/admin\/classes\/(\d+)"/g,
    pages: (id) => [`/admin/classes/${id}`, `/admin/reports/classes/${id}`],
  },
  { list: '/admin/teachers', link: /href="\/admin\/teachers\/(\d+)"/g, pages: (id) => [`/admin/teachers/${id}`] },
  { list: '/admin/payments', link: /href="\/admin\/payments\/(\d+)"/g, pages: (id) => [`/admin/payments/${id}`] },
  { list: '/admin/inquiry', link: /href="\/admin\/inquiry\/(\d+)"/g, pages: (id) => [`/admin/inquiry/${id}`] },
  { list: '/admin/notes', link: /href="\/admin\/notes\/(\d+)"/g, pages: (id) => [`/admin/notes/${id}`] },
  { list: '/talk', link: /href="\/talk\/(\d+)"/g, pages: (id) => [`/talk/${id}`] },
];

export async function idorItems({ base }: IdorContext) {
  // head (해오름) owns the pages; head2 (푸른솔, paid first when it has not: its pages would otherwise be closed for
  // the basic payment, not for the academy) asks for each of them by id.
  await item('idor-across-academies', async () => {
    const owner = new Client(base());
    await owner.signIn('head');
    const attacker = new Client(base());
    await attacker.signIn('head2');
    if ((await attacker.fetch('/admin/students')).status !== 200) {
      const back = await paidInWindow(attacker);
      await attacker.fetch(back.pathname + back.search);
    }
    const served: string[] = [];
    let checked = 0;
    const missing: string[] = [];
    for (const { list, link, pages } of LISTS) {
      const html = await (await owner.fetch(list)).text();
      const ids = [...new Set([...html.matchAll(link)].map((m) => m[1]))].slice(0, 3);
      if (!ids.length) missing.push(list);
      for (const page of ids.flatMap(pages)) {
        if ((await owner.fetch(page)).status !== 200) continue; // a page the owner itself does not get proves nothing
        checked++;
        const res = await attacker.fetch(page);
        if (res.status === 200) served.push(page);
      }
    }
    return [
      served.length === 0 && checked >= 10 && missing.length <= 2,
      `${checked} pages of 해오름 asked by 푸른솔's head: ${served.length} served${served.length ? ` (${served.slice(0, 5).join(', ')})` : ''}` +
        (missing.length ? `; no ids in ${missing.join(', ')}` : ''),
    ];
  });

  // A teacher resets a student's password: the API signs the student in with it, but serves nothing but /api/me (with
  // the flag) until POST /api/auth/setPassword.
  await item('api-temporary-password', async () => {
    const teacher = await apiLogin(base(), 'teacher');
    const target = await apiLogin(base(), 'student3');
    const self = await api(base(), '/api/me', { token: target.accessToken });
    const studentId = self.json?.data?.userId as number;
    const temporary = 'temp-battery-77';
    const reset = await api(base(), '/api/student/changePassword', {
      token: teacher.accessToken,
      body: { studentId, password: temporary },
    });
    const signedIn = await apiLogin(base(), 'student3', temporary);
    const flag = (await api(base(), '/api/me', { token: signedIn.accessToken })).json?.data?.mustChangePassword;
    const dashboard = await api(base(), '/api/user/dashboard', { token: signedIn.accessToken });
    const set = await api(base(), '/api/auth/setPassword', {
      token: signedIn.accessToken,
      body: { password: PASSWORD, securityQuestion: 1, securityAnswer: '서울' },
    });
    const after = set.status === 200 ? await api(base(), '/api/user/dashboard', { token: set.json.data.accessToken }) : null;
    const ok =
      reset.status === 200 &&
      flag === true &&
      dashboard.status === 403 &&
      dashboard.json?.code === 'PASSWORD_CHANGE_REQUIRED' &&
      after?.status === 200;
    return [
      ok,
      `reset ${reset.status}; temporary password: /api/me mustChangePassword=${flag}, dashboard ${dashboard.status} ${dashboard.json?.code ?? ''}; ` +
        `setPassword ${set.status}, dashboard then ${after?.status ?? '-'}`,
    ];
  });
}
