import { type Dec, formatRupiah } from '@koperasi/finance';

export { today } from '../savings/savings.core.ts';

export const formatRupiahCtx = (lang: 'id' | 'en', v: Dec) => formatRupiah(v, lang);
