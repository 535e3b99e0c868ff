/** Tab "Activity": own sign-ins (sessions) and actions from the audit trail, newest first, paged. */

import type { ProfileActivityItem } from '@koperasi/contracts/web';
import LoginRounded from '@mui/icons-material/LoginRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useFormat } from '../../../lib/format';
import { activityKey, getActivity } from '../api/activity';
import { useActionLabel } from '../lib/actionLabel';
import { describeUserAgent } from '../lib/userAgent';

export function ActivityTab() {
  const { t } = useTranslation('profile');
  const f = useFormat();
  const label = useActionLabel();
  const [type, setType] = useState<'all' | 'signin' | 'action'>('all');
  const columns: GridColDef<ProfileActivityItem & { _id: string }>[] = [
    {
      field: 'at',
      headerName: t('activity.time'),
      width: 190,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 1 }}>
          <Typography sx={{ fontSize: '0.8125rem' }}>{f.date(row.at, 'dateTime')}</Typography>
          <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>{f.relative(row.at)}</Typography>
        </Box>
      ),
    },
    {
      field: 'action',
      headerName: t('activity.what'),
      flex: 1,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {row.type === 'SIGN_IN' ? <LoginRounded fontSize="small" color="primary" /> : <TaskAltRounded fontSize="small" color="action" />}
          <Typography sx={{ fontSize: '0.8125rem' }}>{label(row)}</Typography>
        </Box>
      ),
    },
    {
      field: 'userAgent',
      headerName: t('activity.device'),
      width: 190,
      sortable: false,
      valueGetter: (_v, row) => describeUserAgent(row.userAgent),
    },
    { field: 'ip', headerName: t('activity.ip'), width: 140, sortable: false, valueGetter: (_v, row) => row.ip ?? '-' },
    {
      field: 'active',
      headerName: t('activity.status'),
      width: 150,
      sortable: false,
      renderCell: ({ row }) =>
        row.type !== 'SIGN_IN' ? null : row.current ? (
          <Chip size="small" color="success" label={t('activity.current')} />
        ) : row.active ? (
          <Chip size="small" color="info" variant="outlined" label={t('activity.active')} />
        ) : (
          <Chip size="small" variant="outlined" label={t('activity.ended')} />
        ),
    },
  ];
  return (
    <ServerDataTable
      queryKey={activityKey}
      fetchPage={async (p, signal) => {
        const page = await getActivity(p, signal);
        return { ...page, content: page.content.map((r, i) => ({ ...r, _id: `${p.page}-${i}-${r.at}` })) };
      }}
      getRowId={(r) => r._id}
      columns={columns}
      filters={{ type }}
      searchable={false}
      gridProps={{ getRowHeight: () => 'auto' }}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{t('activity.title')}</Typography>
            <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('activity.subtitle')}</Typography>
          </Box>
        </Box>
      }
      actions={
        <TextField
          select
          value={type}
          onChange={(e) => setType(e.target.value as typeof type)}
          sx={{ width: 200 }}
          label={t('activity.filter')}
        >
          <MenuItem value="all">{t('activity.types.all')}</MenuItem>
          <MenuItem value="signin">{t('activity.types.signin')}</MenuItem>
          <MenuItem value="action">{t('activity.types.action')}</MenuItem>
        </TextField>
      }
    />
  );
}
