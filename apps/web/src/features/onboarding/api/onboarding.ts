/** GET /api/tenant/onboarding: the step and the stored configuration. */
import type { OnboardingLoanConfig, OnboardingSavingConfig } from '@koperasi/contracts/web';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface OnboardingState {
  stepConfiguration: number;
  configuration: { saving: Partial<OnboardingSavingConfig>; loan: Partial<OnboardingLoanConfig> } | null;
}

export const getOnboarding = () => api<OnboardingState>('/api/tenant/onboarding');

export function useOnboarding() {
  return useQuery({ queryKey: ['onboarding'], queryFn: getOnboarding });
}
