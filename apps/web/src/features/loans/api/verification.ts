/**
 * The checks before a loan is released, under /api/transaction/product/loan/:
 * update-collateral (the list, optionally marked verified), {id}/verify-guaranteed
 * (guarantor verified, notes), update-criteria and {id}/update-request-loan
 * (interview and survey notes while the application waits).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { loansKey } from './keys';

const P = '/api/transaction/product/loan';

export interface CollateralEdit {
  id?: string;
  type?: string | null;
  number: string;
  detail?: string | null;
  value?: number | null;
  photos?: string[];
}

function useLoanChange<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: loansKey }) });
}

export const useUpdateCollateral = () =>
  useLoanChange((b: { loanId: string; collaterals: CollateralEdit[]; isVerified?: boolean }) =>
    apiEnvelope(`${P}/update-collateral`, { method: 'POST', body: b }),
  );

export const useVerifyGuarantor = () =>
  useLoanChange(({ id, ...body }: { id: string; isVerified: boolean; notes?: string | null }) =>
    apiEnvelope(`${P}/${id}/verify-guaranteed`, { method: 'POST', body }),
  );

export const useUpdateCriteria = () =>
  useLoanChange((b: { loanId: string; criteria: string }) => apiEnvelope(`${P}/update-criteria`, { method: 'POST', body: b }));

export const useUpdateRequest = () =>
  useLoanChange(({ id, ...body }: { id: string; interviewNotes?: string | null; surveyNotes?: string | null }) =>
    apiEnvelope(`${P}/${id}/update-request-loan`, { method: 'POST', body }),
  );

/** POST {id}/collateral-photo (multipart): the stored photo's url, to list in a collateral's `photos`. */
export const uploadCollateralPhoto = (loanId: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiEnvelope<{ photoId: string; url: string; bytes: number }>(`${P}/${loanId}/collateral-photo`, { method: 'POST', body: form });
};
