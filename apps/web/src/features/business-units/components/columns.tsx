/** Columns and Excel sheets shared by the transactions screen and the unit reports. */
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { ExcelColumn } from '../../../components/excel';
import { MoneyText } from '../../../components/money/MoneyText';
import { moneyColumn } from '../../../components/table/moneyColumn';
import type { useFormat } from '../../../lib/format';
import type { MemberDebt, UnitTransaction } from '../api/businessUnits';
import { KindChip, StatusChip } from './Parts';

type Fmt = ReturnType<typeof useFormat>;

export function transactionColumns(t: TFunction, f: Fmt): GridColDef<UnitTransaction>[] {
  return [
    { field: 'date', headerName: t('field.date'), width: 110, valueGetter: (_v, r) => f.date(r.date) },
    { field: 'journal', headerName: t('field.journal'), width: 150, sortable: false, valueGetter: (_v, r) => r.journalNumber ?? '' },
    { field: 'unit', headerName: t('field.unit'), width: 150, sortable: false, valueGetter: (_v, r) => r.businessUnitName },
    { field: 'kind', headerName: t('field.kind'), width: 170, sortable: false, renderCell: ({ row }) => <KindChip kind={row.kind} /> },
    {
      field: 'member',
      headerName: t('field.member'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, r) => (r.memberName ? `${r.memberName} (${r.cifNumber})` : ''),
    },
    { field: 'description', headerName: t('field.description'), flex: 1, minWidth: 140, sortable: false },
    moneyColumn('amount', t('field.amount')),
    moneyColumn('adminFee', t('field.adminFee'), 120, {
      sortable: false,
      renderCell: ({ row }) => (row.adminFee ? <MoneyText value={row.adminFee} /> : ''),
    }),
    {
      field: 'cash',
      headerName: t('field.cashAccount'),
      width: 150,
      sortable: false,
      valueGetter: (_v, r) => (r.cashAccount ? `${r.cashAccount.code} ${r.cashAccount.name}` : ''),
    },
    {
      field: 'status',
      headerName: t('field.status'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) => <StatusChip status={row.status} />,
    },
  ];
}

export function transactionSheet(t: TFunction): ExcelColumn<UnitTransaction>[] {
  return [
    { header: t('field.date'), value: 'date', type: 'date', width: 12 },
    { header: t('field.journal'), value: 'journalNumber', width: 20 },
    { header: t('field.unit'), value: 'businessUnitName', width: 22 },
    { header: t('field.kind'), value: (r) => t(`kind.${r.kind}`), width: 22 },
    { header: t('field.cif'), value: 'cifNumber', width: 14 },
    { header: t('field.member'), value: 'memberName', width: 26 },
    { header: t('field.source'), value: (r) => (r.paymentSource ? t(`source.${r.paymentSource}`) : ''), width: 14 },
    { header: t('field.description'), value: 'description', width: 30 },
    { header: t('field.amount'), value: 'amount', type: 'money', width: 18 },
    { header: t('field.adminFee'), value: 'adminFee', type: 'money', width: 14 },
    { header: t('field.cashAccount'), value: (r) => (r.cashAccount ? `${r.cashAccount.code} ${r.cashAccount.name}` : ''), width: 22 },
    { header: t('field.status'), value: (r) => t(`status.${r.status}`), width: 12 },
  ];
}

export function debtColumns(t: TFunction): GridColDef<MemberDebt>[] {
  return [
    { field: 'cif', headerName: t('field.cif'), width: 130, sortable: false, valueGetter: (_v, r) => r.cifNumber },
    { field: 'name', headerName: t('field.member'), flex: 1, minWidth: 180, valueGetter: (_v, r) => r.memberName },
    { field: 'unit', headerName: t('field.unit'), flex: 1, minWidth: 150, sortable: false, valueGetter: (_v, r) => r.businessUnitName },
    moneyColumn('balance', t('field.debt'), 160),
  ];
}

export function debtSheet(t: TFunction): ExcelColumn<MemberDebt>[] {
  return [
    { header: t('field.cif'), value: 'cifNumber', width: 14 },
    { header: t('field.member'), value: 'memberName', width: 28 },
    { header: t('field.unit'), value: 'businessUnitName', width: 22 },
    { header: t('field.debt'), value: 'balance', type: 'money', width: 18 },
  ];
}
