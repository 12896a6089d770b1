// The admin area's entry (its own lazy chunk): before the panel renders, its RTK Query API is
// injected into the app's store (reducer and middleware), once per store.
import { AdminApp } from '../admin/AdminApp.tsx';
import { adminApi } from '../admin/api.ts';
import { useInjectedApi } from './injectApi.ts';

export function AdminArea() {
  useInjectedApi(adminApi);
  return <AdminApp />;
}
