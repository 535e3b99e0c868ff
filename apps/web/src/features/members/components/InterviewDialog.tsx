/**
 * Record the interview of a prospective member or of a become-member request
 * (POST member/interview): date (today by default, not in the future), the
 * interviewer (a staff user, the signed-in one by default, or someone who is
 * not a user, by name), notes and the recommendation.
 */
import { memberInterviewBody } from '@koperasi/contracts/members';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelect, FormTextField, useFieldError } from '../../../components/form/fields';
import { useUser } from '../../../lib/auth/AuthProvider';
import { notifyError } from '../../../lib/notify';
import { useFormOptions } from '../api/formOptions';
import { useRecordInterview } from '../api/interview';
import { todayWib } from '../lib/dates';
import { applyMemberServerErrors } from '../lib/memberForm';
import { bodyResolver } from '../lib/resolver';
import { MemberDateField } from './MemberDateField';
import { MemberSummaryLine } from './MemberSummaryLine';

const OTHER = 'OTHER';

interface Values {
  interviewDate: string | null;
  interviewerId: string;
  interviewerName: string;
  notes: string;
  result: '' | 'RECOMMENDED' | 'NOT_RECOMMENDED';
}

const schema = memberInterviewBody.extend({ otherInterviewer: z.boolean().optional() }).superRefine((b, ctx) => {
  if (b.otherInterviewer && !b.interviewerName) ctx.addIssue({ code: 'custom', path: ['interviewerName'], message: 'validation.required' });
});

export interface InterviewTarget {
  id: string;
  fullName: string;
  cifNumber: string;
}

export function InterviewDialog({ member, onClose, onDone }: { member: InterviewTarget | null; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation('members');
  const user = useUser();
  const options = useFormOptions();
  const save = useRecordInterview();
  const err = useFieldError();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: bodyResolver<Values, typeof schema>(
      schema,
      (v) => ({
        memberId: member?.id,
        interviewDate: v.interviewDate ?? undefined,
        interviewerId: v.interviewerId && v.interviewerId !== OTHER ? v.interviewerId : null,
        interviewerName: v.interviewerId === OTHER ? v.interviewerName : null,
        otherInterviewer: v.interviewerId === OTHER,
        notes: v.notes,
        result: v.result || undefined,
      }),
      ['result', 'interviewerId'],
    ),
    defaultValues: { interviewDate: todayWib(), interviewerId: user.id, interviewerName: '', notes: '', result: '' },
  });
  const other = form.watch('interviewerId') === OTHER;

  const submit = form.handleSubmit(async ({ otherInterviewer: _o, ...body }) => {
    try {
      await save.mutateAsync(body);
      form.reset();
      onDone?.();
      onClose();
    } catch (e) {
      if (!applyMemberServerErrors(form, e).length) notifyError(e);
    }
  });

  const staff = options.data?.staff ?? [];
  const interviewerOptions = [
    ...(staff.some((s) => s.id === user.id) ? [] : [{ value: user.id, label: user.fullName }]),
    ...staff.map((s) => ({ value: s.id, label: s.position ? `${s.name} · ${s.position}` : s.name })),
    { value: OTHER, label: <em>{t('interview.otherInterviewer')}</em> },
  ];

  return (
    <Dialog open={Boolean(member)} onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth data-testid="interview-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('interview.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {member && <MemberSummaryLine name={member.fullName} cif={member.cifNumber} />}
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <MemberDateField control={form.control} name="interviewDate" label={t('interview.date')} required max={todayWib()} />
            <FormSelect control={form.control} name="interviewerId" label={t('interview.interviewer')} options={interviewerOptions} />
          </Box>
          {other && (
            <FormTextField
              control={form.control}
              name="interviewerName"
              label={t('interview.interviewerName')}
              required
              helperText={t('interview.interviewerNameHint')}
            />
          )}
          <FormTextField
            control={form.control}
            name="notes"
            label={t('interview.notes')}
            required
            multiline
            minRows={3}
            placeholder={t('interview.notesPlaceholder')}
            slotProps={{ htmlInput: { 'data-testid': 'interview-notes' } }}
          />
          <Controller
            control={form.control}
            name="result"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)} required>
                <FormLabel sx={{ fontSize: '0.875rem', mb: 0.5 }}>{t('interview.result')}</FormLabel>
                <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} name={field.name}>
                  <FormControlLabel
                    value="RECOMMENDED"
                    control={<Radio data-testid="interview-recommended" />}
                    label={t('interview.results.RECOMMENDED')}
                  />
                  <FormControlLabel
                    value="NOT_RECOMMENDED"
                    control={<Radio data-testid="interview-not-recommended" />}
                    label={t('interview.results.NOT_RECOMMENDED')}
                  />
                </RadioGroup>
                {fieldState.error && <FormHelperText>{err(fieldState.error.message, t('interview.result'))}</FormHelperText>}
              </FormControl>
            )}
          />
          <Alert severity="info" variant="outlined">
            {t('interview.nextStep')}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose} disabled={save.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="interview-submit">
            {t('interview.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
