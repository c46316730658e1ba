import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { InquiryForm } from '~/components/inquiries';
import { newInquiryAction } from '~/web/forms/inquiry.server';
import { requireMember } from '~/web/forms/member-area.server';

export const meta: MetaFunction = () => [{ title: '문의하기 | 1:1 문의 | 리드인' }];

// Asking a 1:1 inquiry (also /admin/inquiry/new), with the area's FAQ sections linked above the form.
export async function loader({ request }: LoaderFunctionArgs) {
  const { area } = await requireMember(request);
  return json({ area });
}

export async function action(args: ActionFunctionArgs) {
  return newInquiryAction(args);
}

export default function NewInquiry() {
  const { area } = useLoaderData<typeof loader>();
  return <InquiryForm area={area} lastResult={useActionData<typeof action>()} />;
}
