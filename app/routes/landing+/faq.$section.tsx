import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FaqContent } from '~/components/public-pages';
import { isFaqSection, listFaqs } from '~/services/faq.server';

export const meta: MetaFunction = () => [{ title: '자주 묻는 질문 | 리드인' }];

export async function loader({ params }: LoaderFunctionArgs) {
  const section = params.section ?? 'operating';
  if (!isFaqSection(section)) throw redirect('/landing/faq');
  return json({ section, items: await listFaqs(section) });
}

export default function LandingFaq() {
  const { section, items } = useLoaderData<typeof loader>();
  return <FaqContent base="/landing" section={section} items={items} />;
}
