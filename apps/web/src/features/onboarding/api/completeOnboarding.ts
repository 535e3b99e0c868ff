/** POST /api/tenant/onboarding/complete: leave the wizard for the app (stepConfiguration 3). */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export const completeOnboarding = () => apiEnvelope<{ stepConfiguration: number }>('/api/tenant/onboarding/complete', { method: 'POST' });

export function useCompleteOnboarding() {
  return useMutation({ mutationFn: completeOnboarding, meta: { successToast: false } });
}
