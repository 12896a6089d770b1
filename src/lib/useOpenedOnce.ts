// For parts mounted from their first opening on and then kept (so closing still animates): the
// settings panel, the wizard's dialogs. Until then they render nothing, and their code chunk is
// not fetched.
import { useState } from 'react';

/** True from the first render where `open` is true, for good. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
