/**
 * Pengajuan pinjaman (/transactions/loans/new?memberId=): the application
 * form with its live simulation; once sent, the new loan's page (waiting for
 * approval, or approved when the product needs none).
 */
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useMember } from '../../../lib/api/members';
import { ApplicationForm } from '../components/ApplicationForm';

export default function LoanApplicationPage() {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const memberId = params.get('memberId');
  const member = useMember(memberId);
  const waiting = Boolean(memberId) && member.isLoading;
  return (
    <>
      <PageHeader
        title={t('form.title')}
        subtitle={t('form.subtitle')}
        breadcrumbs={[
          { label: t('common:nav.member_transaction.title') },
          { label: t('list.title'), to: '/transactions/loans' },
          { label: t('form.title') },
        ]}
      />
      {waiting ? (
        <Card sx={{ p: 3 }}>
          <Skeleton variant="rounded" height={240} />
        </Card>
      ) : (
        <ApplicationForm
          initialMember={
            member.data ? { ...member.data, phone: null, memberType: 'MEMBER', status: 'ACTIVE', isActive: true, branchName: null } : null
          }
          onCancel={() => navigate('/transactions/loans')}
          onDone={(r) => navigate(`/transactions/loans/${r.loan.id}`)}
        />
      )}
    </>
  );
}
