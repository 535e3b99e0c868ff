/** Renders its children once the auth provider has the signed-in user (screens read it with useUser). */
import type { ReactElement, ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useAuth } from '../lib/auth/AuthProvider';
import { renderWithProviders } from './render';

export function Signed({ children }: { children: ReactNode }) {
  return useAuth().user ? children : null;
}

/** A screen routed as the app routes it (`route`, with its params), opened at `path` for the signed-in user. */
export function renderSignedRoute(route: string, element: ReactElement, path: string) {
  return renderWithProviders(
    <Signed>
      <Routes>
        <Route path={route} element={element} />
      </Routes>
    </Signed>,
    { auth: true, path },
  );
}
