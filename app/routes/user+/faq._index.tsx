// /user/faq opens on the section students and parents need most (이용 안내).
export { loader, meta, default } from './faq.$section';
