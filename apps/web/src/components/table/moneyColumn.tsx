/**
 * A right-aligned rupiah column of a data grid: the row's `field` shown with MoneyText. `extra` adds what a screen
 * needs beyond that (`sortable: false` where the server cannot sort by it, a `valueGetter`).
 */
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { MoneyText } from '../money/MoneyText';

export function moneyColumn<T extends GridValidRowModel>(
  field: string,
  headerName: string,
  width = 140,
  extra: Partial<GridColDef<T>> = {},
): GridColDef<T> {
  return {
    field,
    headerName,
    width,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ value }) => <MoneyText value={value as number | null} />,
    ...extra,
  };
}
