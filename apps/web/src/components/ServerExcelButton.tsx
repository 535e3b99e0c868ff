/**
 * "Download Excel" of a file the server makes (`format=xlsx` on a list or report, with the current filters): one
 * query and one workbook on the server (lib/excel.ts there: every row, refused over EXPORT_MAX_ROWS with its
 * message), saved under the server's file name. `failedKey`: the message when the answer is not a spreadsheet.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../lib/api/client';
import { downloadServerExcel } from '../lib/api/download';
import { notifyError } from '../lib/notify';

export function ServerExcelButton({
  path,
  query,
  fileName,
  label,
  failedKey,
  disabled,
  size,
}: {
  path: string;
  query: QueryParams;
  fileName: string;
  label?: string;
  failedKey?: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      color="inherit"
      size={size}
      startIcon={<FileDownloadOutlined />}
      loading={busy}
      loadingPosition="start"
      disabled={disabled}
      data-testid="download-excel"
      onClick={async () => {
        setBusy(true);
        try {
          await downloadServerExcel(path, query, fileName, failedKey);
        } catch (err) {
          notifyError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label ?? t('table.exportExcel')}
    </Button>
  );
}
