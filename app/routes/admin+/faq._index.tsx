// /admin/faq opens on the section academies need most (학원 운영 문의).
export { loader, meta, default } from '../user+/faq.$section';
