// The family's membership codes, child by child: on the thank-you page and in the profile.
export function MembershipCodes({
  codes,
  hint,
  heading: Heading,
  className,
}: {
  codes: ReadonlyArray<{ participant: string; code: string }>;
  /** What to do with them, under the title. */
  hint: string;
  heading: 'h2' | 'h3';
  className?: string;
}) {
  if (codes.length === 0) return null;
  return (
    <section className={className} aria-labelledby="codes-title">
      <Heading id="codes-title" className="h6">
        Códigos de membresía
      </Heading>
      <p className="small text-body-secondary">{hint}</p>
      <ul className="list-group">
        {codes.map((membership) => (
          <li
            key={membership.code}
            className="list-group-item d-flex flex-wrap justify-content-between gap-2"
          >
            <span>{membership.participant}</span>
            <code className="fs-6">{membership.code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
