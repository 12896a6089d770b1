// React 19 hoists <title> into <head>: each page names itself for tabs, history and screen readers.
export const SITE_NAME = 'Escuela de Baloncesto';

export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${SITE_NAME}`}</title>;
}
