/**
 * The decision on a prospective member or a become-member request
 * (POST member/aprroval): approve (join date, today by default) or reject
 * with a reason. Shows the interview on record; approving a prospective
 * member that was not interviewed is refused by the server while the
 * cooperative's regulation requires the interview, and the dialog says so
 * up front.
 */
import { memberApprovalBody } from '@koperasi/contracts/members';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import HighlightOffRounded from '@mui/icons-material/HighlightOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField, useFieldError } from '../../../components/form/fields';
import { useFormat } from '../../../lib/format';
import { useMessageText } from '../../../lib/i18n/messages';
import { notifyError, notifyInfo } from '../../../lib/notify';
import { useDecide } from '../api/approval';
import { useMember } from '../api/getMember';
import { todayWib } from '../lib/dates';
import { useInterviewerName } from '../lib/interviewer';
import { applyMemberServerErrors } from '../lib/memberForm';
import { bodyResolver } from '../lib/resolver';
import { InterviewResultChip } from './MemberChips';
import { MemberDateField } from './MemberDateField';
import { MemberSummaryLine } from './MemberSummaryLine';

interface Values {
  status: '' | 'APPROVED' | 'REJECTED';
  reason: string;
  joinDate: string | null;
}

export interface DecisionTarget {
  id: string;
  fullName: string;
  cifNumber: string;
}

/** The interview on record (and, for a become-member request, its reason). */
function InterviewOnRecord({ m, isUpgrade }: { m: NonNullable<ReturnType<typeof useMember>['data']>; isUpgrade: boolean }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const interviewer = useInterviewerName(m.interview);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }}>{t('interview.title')}</Typography>
        <InterviewResultChip result={m.interview.result} />
      </Box>
      {m.interview.date ? (
        <>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
            {t('approval.interviewedOn', { date: f.date(m.interview.date, 'long'), by: interviewer ?? '-' })}
          </Typography>
          {m.interview.notes && <Typography sx={{ fontSize: '0.8125rem', whiteSpace: 'pre-wrap' }}>{m.interview.notes}</Typography>}
        </>
      ) : (
        <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
          {isUpgrade ? t('approval.interviewOptional') : t('interview.none')}
        </Typography>
      )}
      {isUpgrade && m.upgrade.reason && (
        <Typography sx={{ fontSize: '0.8125rem' }}>
          {t('approval.requestReason')}: {m.upgrade.reason}
        </Typography>
      )}
    </Box>
  );
}

export function ApprovalDialog({
  member,
  onClose,
  onDone,
  initial,
}: {
  member: DecisionTarget | null;
  onClose: () => void;
  onDone?: (outcome: string) => void;
  initial?: 'APPROVED' | 'REJECTED';
}) {
  const { t } = useTranslation('members');
  const msg = useMessageText();
  const err = useFieldError();
  const detail = useMember(member?.id);
  const decide = useDecide();
  const form = useForm<Values, unknown, z.output<typeof memberApprovalBody>>({
    resolver: bodyResolver<Values, typeof memberApprovalBody>(
      memberApprovalBody,
      (v) => ({
        memberId: member?.id,
        status: v.status || undefined,
        reason: v.reason,
        joinDate: v.status === 'APPROVED' ? (v.joinDate ?? null) : null,
      }),
      ['status'],
    ),
    defaultValues: { status: initial ?? '', reason: '', joinDate: todayWib() },
  });
  const status = form.watch('status');
  const m = detail.data;
  const isUpgrade = m?.memberType === 'NON_MEMBER';
  const notInterviewed = m?.memberType === 'PROSPECTIVE' && m.status === 'WAITING_INTERVIEW';

  const submit = form.handleSubmit(async (body) => {
    try {
      const env = await decide.mutateAsync(body);
      if (env.data.principalStatus === 'OWED') notifyInfo(msg('member.principal_owed'));
      onDone?.(env.data.outcome);
      onClose();
    } catch (e) {
      if (!applyMemberServerErrors(form, e).length) notifyError(e);
    }
  });

  const choice = (value: 'APPROVED' | 'REJECTED') => {
    const approve = value === 'APPROVED';
    const Icon = approve ? CheckCircleOutlineRounded : HighlightOffRounded;
    return (
      <ToggleButton
        value={value}
        data-testid={`decision-${value.toLowerCase()}`}
        sx={(th) => {
          const c = approve ? th.palette.success.main : th.palette.error.main;
          return {
            flex: 1,
            gap: 1,
            py: 1.25,
            textTransform: 'none',
            fontWeight: 600,
            '&.Mui-selected, &.Mui-selected:hover': { color: c, bgcolor: alpha(c, 0.1), borderColor: `${alpha(c, 0.6)} !important` },
          };
        }}
      >
        <Icon fontSize="small" />
        {t(approve ? 'approval.approve' : 'approval.reject')}
      </ToggleButton>
    );
  };

  return (
    <Dialog open={Boolean(member)} onClose={decide.isPending ? undefined : onClose} maxWidth="sm" fullWidth data-testid="approval-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{isUpgrade ? t('approval.titleUpgrade') : t('approval.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {member && <MemberSummaryLine name={member.fullName} cif={member.cifNumber} />}
          {detail.isPending ? <Skeleton variant="rounded" height={72} /> : m ? <InterviewOnRecord m={m} isUpgrade={isUpgrade} /> : null}
          {notInterviewed && (
            <Alert severity="warning" variant="outlined">
              {t('approval.notInterviewed')}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="status"
            render={({ field, fieldState }) => (
              <Box>
                <ToggleButtonGroup exclusive value={field.value} onChange={(_e, v) => v && field.onChange(v)} sx={{ width: '100%' }}>
                  {choice('APPROVED')}
                  {choice('REJECTED')}
                </ToggleButtonGroup>
                {fieldState.error && <FormHelperText error>{err(fieldState.error.message, t('approval.decision'))}</FormHelperText>}
              </Box>
            )}
          />
          {status === 'APPROVED' && (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <MemberDateField control={form.control} name="joinDate" label={t('fields.joinDate')} max={todayWib()} />
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('approval.principalNote')}</Typography>
            </Box>
          )}
          {status && (
            <FormTextField
              control={form.control}
              name="reason"
              label={status === 'REJECTED' ? t('approval.rejectReason') : t('approval.note')}
              required={status === 'REJECTED'}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { 'data-testid': 'approval-reason' } }}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose} disabled={decide.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={status === 'REJECTED' ? 'error' : 'primary'}
            loading={decide.isPending}
            disabled={!status}
            data-testid="approval-submit"
          >
            {status === 'REJECTED' ? t('approval.confirmReject') : t('approval.confirmApprove')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
