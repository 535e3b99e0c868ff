/** The deposit's movements (placement, interest, top-ups, payouts), cancelled ones struck through. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { useMutations } from '../api/deposits';

export function DepositMutations({ depositId }: { depositId: string }) {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const mutations = useMutations(depositId);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('detail.mutations')}
        </Typography>
        <Table size="small" data-testid="deposit-mutations">
          <TableHead>
            <TableRow>
              <TableCell>{t('mutation.date')}</TableCell>
              <TableCell>{t('mutation.activity')}</TableCell>
              <TableCell align="right">{t('mutation.amount')}</TableCell>
              <TableCell align="right">{t('mutation.principalAfter')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(mutations.data?.content ?? []).map((m) => (
              <TableRow key={m.id} sx={m.status === 'CANCELLED' ? { opacity: 0.5, textDecoration: 'line-through' } : undefined}>
                <TableCell>
                  {f.date(m.transactionDate)}
                  <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                    {m.code}
                  </Typography>
                </TableCell>
                <TableCell>{t(`activity.${m.activity}`, { defaultValue: m.activity })}</TableCell>
                <TableCell align="right">
                  <MoneyText value={m.kind === 'TOPUP' || m.kind === 'TOPUP_INTEREST' ? m.amount : -m.amount} colorNegative />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={m.balanceAfter} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
