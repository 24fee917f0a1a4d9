// Who a request acts for: the signed-in user its session belongs to (see resolveViewer in
// session.service.ts), or nobody.

/** The signed-in user a request acts for. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}
