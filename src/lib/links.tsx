// The app's links: React Router's <Link> and <NavLink> as the app uses them (an address of the app,
// the active entry of a menu). The router's own components carry its framework mode's parts
// (prefetching route modules, masks, view transitions, data-router state): 2.5 KB of gzip in every
// parent's first download, whether a page shows a link or not. ESLint keeps them out of the code.
import type { ComponentProps, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: To;
  /** Replace the history entry (React Router's default: only when `to` is the current address). */
  replace?: boolean;
  state?: unknown;
}

/** An address of the app: a real link (opens in a new tab as one), followed by the router. */
export function Link({ to, replace, state, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A modified click (new tab, download) or another target is left to the browser.
    if (!event.defaultPrevented) follow(event);
  };
  return <a {...anchor} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on its own address, not below it. */
  end?: boolean;
}

/**
 * A menu entry: `active` and `aria-current="page"` on its address and below (React Router's rule:
 * '/pagos' is active on '/pagos' and '/pagos/1', not on '/pagos-viejos'; '/' only on '/').
 */
export function NavLink({ end = false, className, to, ...link }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(to).pathname.toLowerCase();
  const base = path !== '/' && path.endsWith('/') ? path.slice(0, -1) : path;
  const active = here === path || (!end && here.startsWith(base) && here.charAt(base.length) === '/');
  return (
    <Link
      {...link}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ')}
    />
  );
}
