import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { MoneyText } from '../money/MoneyText';

/** A right-aligned rupiah column. */
export function moneyColumn<T extends GridValidRowModel>(field: string, headerName: string, width = 140): GridColDef<T> {
  return {
    field,
    headerName,
    width,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ value }) => <MoneyText value={value as number | null} />,
  };
}
