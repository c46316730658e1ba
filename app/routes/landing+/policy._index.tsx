// /landing/policy shows the terms of service (readin) first.
export { loader, meta, default } from './policy.$code';
