import type { LoaderFunctionArgs } from '@remix-run/node';
import { getOptionalUser } from '~/web/guards.server';
import { INQUIRY_MESSAGES } from '~/domain/inquiries';
import { privateFileResponse } from '~/web/downloads.server';
import { idParam, notFound, orRespond } from '~/web/http.server';
import { getInquiryFile } from '~/services/inquiries.server';

// An inquiry's attachment, for its asker and the operators (ADMIN1, ADMIN2) only; anyone else, signed in or not, gets
// the same 404 as a missing file. Images (re-encoded on upload) open in the page; a PDF is always a download.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id, INQUIRY_MESSAGES.notFound);
  const user = await getOptionalUser(request);
  if (!user) throw notFound(INQUIRY_MESSAGES.notFound);
  const file = await orRespond(() => getInquiryFile(user, id));
  return privateFileResponse(file.bytes, {
    contentType: file.contentType,
    fileName: file.fileName,
    disposition: file.contentType.startsWith('image/') ? 'inline' : 'attachment',
  });
}
