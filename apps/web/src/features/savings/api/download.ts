/** Excel of the passbook and the transaction list (`lib/api/download.ts`). */
export { downloadServerExcel, fileNameOf } from '../../../lib/api/download';
