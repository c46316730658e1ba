import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireParent } from '~/web/guards.server';
import { attachmentResponse } from '~/web/downloads.server';
import { idParam, orRespond } from '~/web/http.server';
import { childNoticeFile } from '~/services/parents/view.server';

// An attachment of a notice the parent's child is shown, as a download under its stored name; otherwise 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  const childId = idParam(params.childId, '자녀를 찾을 수 없습니다.');
  const noticeId = idParam(params.noticeId);
  const fileId = idParam(params.fileId);
  const file = await orRespond(() => childNoticeFile(user.id, childId, noticeId, fileId));
  return attachmentResponse(file.bytes, file.fileName, file.contentType);
}
