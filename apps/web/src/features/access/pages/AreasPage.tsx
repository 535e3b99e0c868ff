/**
 * Area (/areas): the working areas of agents and members, with their branch
 * and counts; add, change, delete an empty one. A row opens the area with its
 * people, where someone can be taken out of the area.
 * The screen is the organisation units' one list (UnitListPage), like Cabang.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { useDeleteArea } from '../api/deleteArea';
import { accessKeys } from '../api/keys';
import { listAreas } from '../api/listAreas';
import { useBranchOptions } from '../api/listBranches';
import { AreaFormDialog } from '../components/AreaFormDialog';
import { UnitListPage } from '../components/UnitListPage';
import type { AreaView } from '../types';

export default function AreasPage() {
  const { t } = useTranslation('access');
  const branches = useBranchOptions();
  const del = useDeleteArea();
  const [branchId, setBranchId] = useState('none');
  return (
    <UnitListPage<AreaView>
      unit="area"
      ns="areas"
      path="/areas"
      queryKey={accessKeys.areas}
      fetchPage={listAreas}
      deleteUnit={del}
      columns={(tr, number) => [
        {
          field: 'name',
          headerName: tr('areas.fields.name'),
          flex: 1.3,
          minWidth: 220,
          renderCell: ({ row }) => (
            <Box sx={{ py: 1, minWidth: 0 }}>
              <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>{row.name}</Typography>
              {row.description && (
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                  {row.description}
                </Typography>
              )}
            </Box>
          ),
        },
        {
          field: 'branch',
          headerName: tr('areas.fields.branch'),
          flex: 0.9,
          minWidth: 150,
          valueGetter: (_v, row) => row.branch?.name ?? '-',
        },
        ...(['userCount', 'memberCount'] as const).map(
          (k): GridColDef<AreaView> => ({
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
      filters={{ branchId }}
      toolbar={
        <FilterSelect
          label={t('areas.fields.branch')}
          value={branchId}
          onChange={setBranchId}
          allLabel={t('common.all')}
          options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
        />
      }
      excel={[
        { header: t('areas.fields.name'), value: 'name', width: 26 },
        { header: t('areas.fields.branch'), value: (r) => r.branch?.name ?? '', width: 22 },
        { header: t('areas.fields.description'), value: 'description', width: 36 },
        { header: t('branches.columns.userCount'), value: 'userCount', type: 'number', width: 10 },
        { header: t('branches.columns.memberCount'), value: 'memberCount', type: 'number', width: 10 },
        { header: t('users.columns.status'), value: (r) => (r.isActive ? t('common.active') : t('common.inactive')), width: 12 },
      ]}
      renderForm={(open, row, onClose) => <AreaFormDialog open={open} area={row} onClose={onClose} />}
    />
  );
}
