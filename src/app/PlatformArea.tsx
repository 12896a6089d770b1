// The platform console's entry (its own lazy chunk, like the admin area's): its RTK Query API is
// injected into the app's store before the console renders. A default export: React.lazy takes the
// module as it is, which keeps the route's loader short on every parent's page.
import { platformApi } from '../platform/api.ts';
import { PlatformApp } from '../platform/PlatformApp.tsx';
import { useInjectedApi } from './injectApi.ts';

export default function PlatformArea() {
  useInjectedApi(platformApi);
  return <PlatformApp />;
}
