// A closed set of values (states, methods, roles) is written once, as the Spanish label of each:
// its values are the labels' keys, in the order lists, filters and schemas offer them.

/**
 * The values of a closed set: the keys of its labels, in their order. Called as
 * `/*#__PURE__*\/ keysOf(LABELS)`, so that a bundle which reads neither (the parents') leaves both out.
 */
export const keysOf = <K extends string>(labels: Readonly<Record<K, string>>) =>
  Object.keys(labels) as unknown as readonly K[];
