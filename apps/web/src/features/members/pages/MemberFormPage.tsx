/**
 * Add a member (/members/new, ?type=PROSPECTIVE|MEMBER|NON_MEMBER) or edit one
 * (/members/:id/edit) with the sectioned form; saved, it opens the member.
 */
import type { MemberDetail } from '@koperasi/contracts/members';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useMember } from '../api/getMember';
import { MemberForm } from '../components/MemberForm';
import type { MemberFormValues } from '../lib/memberForm';

const TYPES = ['PROSPECTIVE', 'MEMBER', 'NON_MEMBER'] as const;

export default function MemberFormPage() {
  const { t } = useTranslation('members');
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const member = useMember(id);
  const type = (TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as MemberFormValues['memberType'])
    : 'PROSPECTIVE';
  const from = type === 'PROSPECTIVE' && params.get('from') === 'prospective' ? '/members/prospective' : '/members';

  const title = id ? t('form.editTitle') : t(`form.newTitleByType.${type}`);
  const crumbs = [
    { label: t('common:nav.member.title'), to: '/members' },
    ...(id && member.data ? [{ label: member.data.fullName, to: `/members/${id}` }] : []),
    { label: title },
  ];
  const saved = (m: MemberDetail) => navigate(`/members/${m.id}`, { replace: !id });

  return (
    <>
      <PageHeader title={title} subtitle={id ? member.data?.cifNumber : t('form.newSubtitle')} breadcrumbs={crumbs} />
      {id && member.isPending ? (
        <Skeleton variant="rounded" height={420} sx={{ borderRadius: 3 }} />
      ) : id && !member.data ? (
        <EmptyState kind="notFound" />
      ) : (
        <MemberForm
          key={id ?? type}
          member={member.data}
          initialType={type}
          onSaved={saved}
          onCancel={() => navigate(id ? `/members/${id}` : from)}
        />
      )}
    </>
  );
}
