import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FaqContent } from '~/components/public-pages';
import { requireMember } from '~/web/forms/member-area.server';
import { faqInEffect, isFaqSection } from '~/services/faq.server';

export const meta: MetaFunction = () => [{ title: '자주 묻는 질문 | 리드인' }];

// The FAQ inside the signed-in areas: students and members here, academy staff at /admin/faq (the same module; the
// 1:1 inquiry form links to it, and signed-in users cannot open the landing pages). Each area opens on the section
// it needs most.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { area } = await requireMember(request);
  const section = params.section ?? (area === '/admin' ? 'operating' : 'info');
  if (!isFaqSection(section)) throw redirect(`${area}/faq`);
  return json({ section, area, ...(await faqInEffect(section)) });
}

export default function MemberFaq() {
  const { area, ...data } = useLoaderData<typeof loader>();
  return <FaqContent base={area} {...data} />;
}
