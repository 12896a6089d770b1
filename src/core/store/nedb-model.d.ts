// NeDB's own (de)serialisation of a datafile line, so a backup writes lines NeDB reads back as it
// writes them ($$date for dates), and the key a document has in an index (./nedb-index-updates.ts).
// The package ships no types for this module.
declare module '@seald-io/nedb/lib/model.js' {
  const model: {
    serialize(doc: unknown): string;
    deserialize(line: string): unknown;
    /** A document's key in an index on `fields` (an object of them for a compound index). */
    getDotValues(doc: unknown, fields: string[]): unknown;
  };
  export default model;
}
