// The <option>s of a select, written once: a closed set's values each with its label, or stored
// records each by its id and name.

/** One option per value, named by `label`. */
export function ValueOptions<V extends string>({
  values,
  label,
}: {
  values: readonly V[];
  label: (value: V) => string;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

/** One option per record: its id as the value, its name as the text. */
export function RecordOptions({
  records,
}: {
  records: ReadonlyArray<{ _id: string; name: string }> | undefined;
}) {
  return (records ?? []).map((record) => (
    <option key={record._id} value={record._id}>
      {record.name}
    </option>
  ));
}
