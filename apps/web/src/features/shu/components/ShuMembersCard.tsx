/** The members' shares of one year's SHU: search, Excel, pay one in cash, the member's slip. */
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { downloadServerExcel } from '../../../lib/api/download';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePayShuCash, useShuMembers } from '../api/shu';
import { StatusChip } from './StatusChip';

export function ShuMembersCard({ year }: { year: number }) {
  const { t } = useTranslation(['shu', 'common']);
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  const payCash = usePayShuCash();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const [search, setSearch] = useState('');
  const members = useShuMembers(year, page, limit, search, true);

  const onPayCash = async (m: { memberId: string; memberName: string; net: number }) => {
    const ok = await confirm({
      title: t('payCash.title'),
      message: t('payCash.explain', { name: m.memberName, amount: f.money(m.net), year }),
      confirmLabel: t('payCash.action'),
    });
    if (ok) payCash.mutate({ year, memberId: m.memberId }, { onSuccess: (env) => notifySuccess(env.message), onError: notifyError });
  };

  return (
    <>
      {dialog}
      <Card variant="outlined">
        <CardHeader
          title={t('members.title')}
          action={
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                placeholder={t('members.search')}
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(0);
                }}
              />
              <Button
                variant="outlined"
                color="inherit"
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                onClick={() =>
                  downloadServerExcel('/api/shu/calculation/members', { year, format: 'xlsx' }, `shu-${year}.xlsx`).catch(notifyError)
                }
              >
                {t('members.excel')}
              </Button>
            </Box>
          }
        />
        <TableContainer>
          <Table size="small" sx={{ '& td, & th': { px: 1 }, '& td': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('members.cif')}</TableCell>
                <TableCell>{t('members.name')}</TableCell>
                <TableCell align="right">{t('members.equityBasis')}</TableCell>
                <TableCell align="right">{t('members.equityShare')}</TableCell>
                <TableCell align="right">{t('members.transactionBasis')}</TableCell>
                <TableCell align="right">{t('members.transactionShare')}</TableCell>
                <TableCell align="right">{t('members.gross')}</TableCell>
                <TableCell align="right">{t('members.tax')}</TableCell>
                <TableCell align="right">{t('members.net')}</TableCell>
                <TableCell>{t('members.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {members.data?.content.map((m) => (
                <TableRow key={m.memberId} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{m.cifNumber}</TableCell>
                  <TableCell>{m.memberName}</TableCell>
                  <TableCell align="right">{f.money(m.equityBasis)}</TableCell>
                  <TableCell align="right">{f.money(m.equityShare)}</TableCell>
                  <TableCell align="right">{f.money(m.transactionBasis)}</TableCell>
                  <TableCell align="right">{f.money(m.transactionShare)}</TableCell>
                  <TableCell align="right">{f.money(m.gross)}</TableCell>
                  <TableCell align="right">{f.money(m.tax)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {f.money(m.net)}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={m.status} />
                  </TableCell>
                  <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                    {m.status === 'PAYABLE' && m.net > 0 && can('shu', 'add') && (
                      <Tooltip title={t('payCash.action')}>
                        <IconButton
                          size="small"
                          color="primary"
                          aria-label={t('payCash.action')}
                          data-testid={`shu-pay-cash-${m.cifNumber}`}
                          disabled={payCash.isPending}
                          onClick={() => onPayCash(m)}
                        >
                          <PaymentsOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title={t('slip.open')}>
                      <IconButton size="small" aria-label={t('slip.open')} href={`/shu/slip/${m.memberId}?year=${year}`} target="_blank">
                        <PrintOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {members.data && members.data.content.length === 0 && (
                <TableRow>
                  <TableCell colSpan={11} align="center">
                    {t('members.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={members.data?.totalElements ?? 0}
          page={page}
          rowsPerPage={limit}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setLimit(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('members.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('members.displayed', { from, to, total: count })}
        />
      </Card>
    </>
  );
}
