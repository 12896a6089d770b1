// NeDB's own (de)serialisation of a datafile line, so a backup writes lines NeDB reads back as it
// writes them ($$date for dates). The package ships no types for this module.
declare module '@seald-io/nedb/lib/model.js' {
  const model: {
    serialize(doc: unknown): string;
    deserialize(line: string): unknown;
  };
  export default model;
}
