// A closed set of values (states, methods, roles) and the Spanish label of each, written once: the
// labels' keys are the values, in the order lists, filters and schemas offer them.

export function choices<const L extends Record<string, string>>(labels: L) {
  type Value = keyof L & string;
  return {
    values: Object.keys(labels) as readonly Value[],
    labels: labels as Readonly<Record<Value, string>>,
  };
}
