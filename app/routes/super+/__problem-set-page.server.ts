import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { formatDateTime } from '~/lib/dates';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { problemSetPage } from '~/services/operators/problem-sets.server';

// The server side of a problem set's page (problems.$setId._index.tsx): its loader, re-exported by the route. The
// page's parts (__problem-set.tsx) read its type from here, so neither imports the route.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const page = await orRespond(() => problemSetPage(idParam(params.setId)));
  const { set } = page;
  return pageData({
    set: {
      id: set.id,
      kind: set.kind,
      title: set.title,
      description: set.description,
      subject: set.subject,
      passage: set.passage,
      level: set.level,
      status: set.status,
      bookId: set.bookId,
      bookTitle: set.bookTitle,
    },
    versions: page.versions.map((v) => ({
      ...v,
      publishedLabel: v.publishedAt ? formatDateTime(v.publishedAt) : null,
      isCurrent: v.id === set.currentVersionId,
    })),
    draft: page.draft ? { version: page.draft.version } : null,
    current: page.current ? { version: page.current.version } : null,
    problems: page.problems,
  });
}
