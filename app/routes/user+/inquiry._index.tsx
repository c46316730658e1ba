import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { InquiryList } from '~/components/inquiries';
import { inquiryListData } from '~/web/forms/inquiry.server';
import { requireMember } from '~/web/forms/member-area.server';

export const meta: MetaFunction = () => [{ title: '1:1 문의 | 리드인' }];

// The member's 1:1 inquiries with their status, deleted ones left out (also /admin/inquiry).
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, area } = await requireMember(request);
  return inquiryListData(request, user, area);
}

export default function Inquiries() {
  const { list, base } = useLoaderData<typeof loader>();
  return <InquiryList list={list} base={base} />;
}
