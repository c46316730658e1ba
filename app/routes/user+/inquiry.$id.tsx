import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MyInquiryPage } from '~/components/inquiries';
import { inquiryAction, inquiryData, inquiryId } from '~/web/forms/inquiry.server';
import { requireMember } from '~/web/forms/member-area.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.inquiry.title ?? '1:1 문의'} | 리드인` }];

// One of the member's inquiries with its answer (also /admin/inquiry/{id}); delete through a confirm step (?delete=1).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, area } = await requireMember(request);
  return inquiryData(request, user, inquiryId(params), area);
}

export async function action(args: ActionFunctionArgs) {
  return inquiryAction(args);
}

export default function Inquiry() {
  const { inquiry, confirmDelete, base } = useLoaderData<typeof loader>();
  return <MyInquiryPage inquiry={inquiry} base={base} confirmDelete={confirmDelete} />;
}
