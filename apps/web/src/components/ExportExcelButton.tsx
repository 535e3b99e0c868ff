/**
 * "Export to Excel": rows given, or fetched on click (every page of a list:
 * lib/api/list `allRows`). exceljs is downloaded only on the first click.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify';
import type { ExcelSheet } from './excel';

export interface ExportExcelButtonProps<T> extends Omit<ExcelSheet<T>, 'rows'> {
  rows: T[] | (() => Promise<T[]>);
  label?: string;
  buttonProps?: ButtonProps;
}

export function ExportExcelButton<T>({ rows, label, buttonProps, ...sheet }: ExportExcelButtonProps<T>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const data = typeof rows === 'function' ? await rows() : rows;
      const { exportToExcel } = await import('./excel');
      await exportToExcel({ ...sheet, rows: data });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      color="inherit"
      startIcon={<FileDownloadOutlined />}
      onClick={run}
      loading={busy}
      loadingPosition="start"
      data-testid="export-excel"
      {...buttonProps}
    >
      {label ?? t('table.exportExcel')}
    </Button>
  );
}
