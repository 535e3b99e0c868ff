/** Renders its children once the auth provider has the signed-in user (screens read it with useUser). */
import type { ReactNode } from 'react';
import { useAuth } from '../../../lib/auth/AuthProvider';

export function Signed({ children }: { children: ReactNode }) {
  return useAuth().user ? children : null;
}
