/** Excel of the saving reports (`lib/api/download.ts`). */

import type { QueryParams } from '../../../lib/api/client';
import { downloadServerExcel, fileNameOf } from '../../../lib/api/download';

export { fileNameOf };

export const downloadExcel = (path: string, query: QueryParams, fallbackName: string) =>
  downloadServerExcel(path, query, fallbackName, 'saving-reports:excel.failed');
