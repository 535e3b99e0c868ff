/**
 * Cabang (/branches): branches with their counts of areas, staff and members;
 * add, change, delete an unused one (the server refuses a branch in use and
 * says how many records hold it). A row opens the branch with its people.
 * The screen is the organisation units' one list (UnitListPage), like Area.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useDeleteBranch } from '../api/deleteBranch';
import { accessKeys } from '../api/keys';
import { listBranches } from '../api/listBranches';
import { BranchFormDialog } from '../components/BranchFormDialog';
import { UnitListPage } from '../components/UnitListPage';
import type { BranchView } from '../types';

export default function BranchesPage() {
  const { t } = useTranslation('access');
  const del = useDeleteBranch();
  return (
    <UnitListPage<BranchView>
      unit="branch"
      ns="branches"
      path="/branches"
      queryKey={accessKeys.branches}
      fetchPage={listBranches}
      deleteUnit={del}
      columns={(tr, number) => [
        {
          field: 'code',
          headerName: tr('branches.fields.code'),
          width: 110,
          renderCell: ({ row }) => <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{row.code ?? '-'}</Typography>,
        },
        {
          field: 'name',
          headerName: tr('branches.fields.name'),
          flex: 1.2,
          minWidth: 200,
          renderCell: ({ row }) => (
            <Box sx={{ py: 1, minWidth: 0 }}>
              <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{row.name}</Typography>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                {[row.address, row.phone].filter(Boolean).join(' · ') || '-'}
              </Typography>
            </Box>
          ),
        },
        ...(['areaCount', 'userCount', 'memberCount'] as const).map(
          (k): GridColDef<BranchView> => ({
            field: k,
            headerName: tr(`branches.columns.${k}`),
            width: 110,
            sortable: false,
            align: 'right',
            headerAlign: 'right',
            valueFormatter: (v: number) => number(v),
          }),
        ),
      ]}
      excel={[
        { header: t('branches.fields.code'), value: 'code', width: 10 },
        { header: t('branches.fields.name'), value: 'name', width: 26 },
        { header: t('branches.fields.address'), value: 'address', width: 36 },
        { header: t('branches.fields.phone'), value: 'phone', width: 18 },
        { header: t('branches.columns.areaCount'), value: 'areaCount', type: 'number', width: 10 },
        { header: t('branches.columns.userCount'), value: 'userCount', type: 'number', width: 10 },
        { header: t('branches.columns.memberCount'), value: 'memberCount', type: 'number', width: 10 },
        { header: t('users.columns.status'), value: (r) => (r.isActive ? t('common.active') : t('common.inactive')), width: 12 },
      ]}
      renderForm={(open, row, onClose) => <BranchFormDialog open={open} branch={row} onClose={onClose} />}
    />
  );
}
