/**
 * POST /api/tenant/onboarding: store the savings and loan configuration
 * (stepConfiguration 2). Success is HTTP 200 with status true and data.code
 * 200 (spec section 4, "Onboarding finish"); otherwise the response message.
 */
import type { OnboardingLoanConfig, OnboardingSavingConfig } from '@koperasi/contracts/web';
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';

export interface OnboardingAnswer {
  code: number;
  status: boolean;
  stepConfiguration: number;
  message: string;
}

export async function finishOnboarding(body: { saving: OnboardingSavingConfig; loan: OnboardingLoanConfig }) {
  const env = await apiEnvelope<OnboardingAnswer>('/api/tenant/onboarding', { method: 'POST', body });
  if (env.code !== 200 || !env.data || env.data.code !== 200 || env.data.status !== true) {
    throw new ApiError(env.data?.message || env.message, 'server', 200);
  }
  return env;
}

export function useFinishOnboarding() {
  return useMutation({ mutationFn: finishOnboarding, meta: { successToast: false } });
}
