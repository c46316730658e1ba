import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireApiUser } from '~/web/api-auth.server';
import { requireUser } from '~/web/guards.server';
import { attachmentResponse } from '~/web/downloads.server';
import { idParam, orRespond } from '~/web/http.server';
import { readNoticeFile } from '~/services/notices/files.server';

// A notice's attachment (spec §3 filePath, as GET /api/total/notice/{id} gives it): to whoever may see the notice, as a
// download under its stored name. A page's link carries the session cookie; an API client its bearer token. Outside
// the audience, and for a guessed id, 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = request.headers.get('Authorization')?.startsWith('Bearer ') ? await requireApiUser(request) : await requireUser(request);
  const noticeId = idParam(params.noticeId);
  const fileId = idParam(params.fileId);
  const file = await orRespond(() => readNoticeFile(user.id, noticeId, fileId));
  return attachmentResponse(file.bytes, file.fileName, file.contentType);
}
