export { loader, meta, default } from './policy.$code';
