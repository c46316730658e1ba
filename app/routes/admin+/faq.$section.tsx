import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/auth/guards.server';
import { FaqContent } from '~/components/public-pages';
import { isFaqSection, listFaqs } from '~/services/faq.server';

export const meta: MetaFunction = () => [{ title: '자주 묻는 질문 | 리드인 학원' }];

// The FAQ inside the academy's area (the 1:1 inquiry form links here: staff cannot open the landing pages while
// signed in). Open without this month's payment, as the inquiry form is.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { role: 'ADMIN' });
  const section = params.section ?? 'operating';
  if (!isFaqSection(section)) throw redirect('/admin/faq');
  return json({ section, items: await listFaqs(section) });
}

export default function AdminFaq() {
  const { section, items } = useLoaderData<typeof loader>();
  return <FaqContent base="/admin" section={section} items={items} />;
}
