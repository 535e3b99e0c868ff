/**
 * Which app paths a feature serves, for the pieces that depend on another
 * area being there (the menu, the reports' business-unit filter). The
 * signed-in half of the router fills it from every feature's `routes.tsx`
 * (app/signedIn.tsx), so an area appears once it registers its routes; no
 * list to edit. Before that (signed out) nothing counts as served.
 */
let served: ReadonlySet<string> = new Set();

export function setServedPaths(paths: Iterable<string>): void {
  served = new Set(paths);
}

/** Does a feature serve `path` (exactly, as declared in its routes)? */
export function isServedPath(path: string): boolean {
  return served.has(path);
}
